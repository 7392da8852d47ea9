/** Small parts every console section shares: its frame, a pager, and error notices. */
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorText } from '../../shared/api/errors.ts';
import type { TFunction } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { CONSOLE_PAGE_SIZE } from './consoleApi.ts';

/** Runs a console action: a success notice, or the error's translated text. */
export async function act(t: TFunction, work: () => Promise<unknown>, done?: string): Promise<boolean> {
  try {
    await work();
    if (done) notify({ type: 'positive', message: done, timeout: 2000 });
    return true;
  } catch (err) {
    const message = errorText(err, t);
    if (message) notify({ type: 'negative', message });
    return false;
  }
}

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

export function Pager({ total, page, onPage }: { total: number; page: number; onPage: (p: number) => void }) {
  if (total <= CONSOLE_PAGE_SIZE) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
      <Pagination
        count={Math.ceil(total / CONSOLE_PAGE_SIZE)}
        page={page}
        onChange={(_, p) => onPage(p)}
        size="small"
      />
    </Box>
  );
}

export const dateTime = (ms: number | null, locale: string) =>
  ms === null ? '—' : new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
