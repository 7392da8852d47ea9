/** Small parts every console section shares: its frame, a pager, and dates. */
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SectionCard({
  title,
  children,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} data-testid={testId}>
      {title && (
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5, fontSize: '1.05rem' }}>
          {title}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The pages of `total` rows, `pageSize` a page; nothing while they fit on one. */
export function Pager({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (p: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
      <Pagination
        count={Math.ceil(total / pageSize)}
        page={page}
        onChange={(_, p) => onPage(p)}
        size="small"
      />
    </Box>
  );
}

export const dateTime = (ms: number | null, locale: string) =>
  ms === null ? '—' : new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
