import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import type { TFunction } from '../../../shared/i18n/index.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { fetchScans, type ScanRun } from './librariesApi.ts';

export function scanTitle(run: ScanRun, t: TFunction, locale: string): string {
  return t('admin.libraries.scanTitle', {
    when: new Date(run.startedAt).toLocaleString(locale),
    kind: t(`admin.libraries.kind.${run.kind}`),
  });
}

/** The last scans, newest first, each linked to its report. */
export function RecentScans() {
  const { t, i18n } = useTranslation();
  const scans = useQuery({ queryKey: queryKeys.console.scans, queryFn: ({ signal }) => fetchScans(signal) });
  return (
    <Box component="section" aria-labelledby="reports-heading">
      <Typography id="reports-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('admin.libraries.reports')}
      </Typography>
      {scans.isPending && <Skeleton variant="rounded" height={64} />}
      {scans.data?.recent.length === 0 && (
        <Typography color="text.secondary">{t('admin.libraries.noScans')}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {scans.data?.recent.map((run) => (
          <Paper key={run.id} variant="outlined" sx={{ p: 1.5 }} data-testid="scan-run">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Link component={RouterLink} to={`?report=${run.id}`} sx={{ fontWeight: 700 }}>
                {scanTitle(run, t, i18n.language)}
              </Link>
              <Chip
                label={t(`admin.libraries.status.${run.status}`)}
                color={run.status === 'failed' ? 'error' : 'success'}
                variant="outlined"
              />
              <Typography variant="body2" color="text.secondary">
                {t(`admin.libraries.trigger.${run.trigger}`)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {run.status === 'failed'
                ? run.error
                : t('admin.libraries.totals', {
                    added: run.added,
                    updated: run.updated,
                    removed: run.removed,
                    skipped: run.skipped,
                    seconds: Math.max(
                      0,
                      Math.round(((run.finishedAt ?? run.startedAt) - run.startedAt) / 100) / 10,
                    ),
                  })}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
