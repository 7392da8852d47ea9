import BackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCAN_REPORT_KINDS } from '@sasayaki/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useDebounced } from '../../../shared/ui/useDebounced.ts';
import { fetchReport, REPORT_PAGE_SIZE } from './librariesApi.ts';
import { scanTitle } from './RecentScans.tsx';

const KIND_COLOR = { added: 'success', updated: 'info', removed: 'warning', skipped: 'error' } as const;

/** One scan's report: every line, filtered by kind and by text in its path or detail. */
export function ScanReport({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const report = useQuery({
    queryKey: queryKeys.console.scanReport(id, q, kind, page),
    queryFn: ({ signal }) => fetchReport(id, { q, kind: kind ?? undefined, page }, signal),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  return (
    <Box>
      <Button component={RouterLink} to="." startIcon={<BackIcon />} sx={{ mb: 1 }}>
        {t('admin.libraries.backToLibraries')}
      </Button>
      {data && (
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {scanTitle(data.scan, t, i18n.language)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={t('admin.libraries.search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
          sx={{ flex: '1 1 220px' }}
        />
        <Box
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
          role="group"
          aria-label={t('admin.libraries.filter')}
        >
          {SCAN_REPORT_KINDS.map((k) => (
            <Chip
              key={k}
              size="medium"
              clickable
              color={kind === k ? 'primary' : 'default'}
              variant={kind === k ? 'filled' : 'outlined'}
              aria-pressed={kind === k}
              label={t(`admin.libraries.kinds.${k}`, { n: data?.counts[k] ?? 0 })}
              onClick={() => {
                setKind(kind === k ? null : k);
                setPage(1);
              }}
            />
          ))}
        </Box>
      </Box>
      {report.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {data && data.items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('admin.libraries.reportEmpty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        {data?.items.map((item) => (
          <Paper key={item.id} variant="outlined" sx={{ p: 1 }} data-testid="report-item">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip color={KIND_COLOR[item.kind]} label={t(`admin.libraries.kindOne.${item.kind}`)} />
              {item.reason && <Chip variant="outlined" label={t(`admin.libraries.reason.${item.reason}`)} />}
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.kind === 'skipped' ? '' : item.detail}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ wordBreak: 'break-all', mt: 0.5 }}>
              {item.path}
            </Typography>
            {item.kind === 'skipped' && (
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {item.detail}
              </Typography>
            )}
          </Paper>
        ))}
      </Box>
      {data && data.pagination.totalCount > REPORT_PAGE_SIZE && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', my: 3 }}
          count={Math.ceil(data.pagination.totalCount / REPORT_PAGE_SIZE)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </Box>
  );
}
