import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatClock } from '@sasayaki/contract';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useConsoleAction } from '../kit/useConsoleAction.ts';
import { type ScanRun, startScan } from './librariesApi.ts';

/** "Scan now", "Full rescan" and, while a scan runs, its live progress. */
export function ScanPanel({ running }: { running: ScanRun | null }) {
  const { t, i18n } = useTranslation();
  const start = useConsoleAction({ run: startScan, invalidates: [queryKeys.console.scans] });
  const number = (n: number) => n.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Box component="section" sx={{ mb: 4 }} aria-labelledby="scan-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="scan-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('admin.libraries.scan')}
        </Typography>
        <Button
          variant="contained"
          disabled={!!running || start.isPending}
          onClick={() => start.mutate(false)}
        >
          {t('admin.libraries.scanNow')}
        </Button>
        <Button variant="outlined" disabled={!!running || start.isPending} onClick={() => start.mutate(true)}>
          {t('admin.libraries.fullRescan')}
        </Button>
      </Box>
      {!running && (
        <Typography variant="body2" color="text.secondary">
          {t('admin.libraries.scanHint')}
        </Typography>
      )}
      {running && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="scan-progress" aria-live="polite">
          <Typography sx={{ fontWeight: 700, mb: 1 }}>
            {t(`admin.libraries.phase.${running.phase ?? 'discover'}`)} ·{' '}
            {t(`admin.libraries.kind.${running.kind}`)}
          </Typography>
          <LinearProgress
            variant={running.worksTotal ? 'determinate' : 'indeterminate'}
            value={running.worksTotal ? (100 * running.worksDone) / running.worksTotal : 0}
            sx={{ mb: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2">
            {t('admin.libraries.progress', {
              done: number(running.worksDone),
              total: number(running.worksTotal),
              files: number(running.files),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('admin.libraries.rates', {
              works: number(running.worksPerSecond),
              files: number(running.filesPerSecond),
            })}
            {running.etaSeconds !== null &&
              ` · ${t('admin.libraries.eta', { time: formatClock(running.etaSeconds) })}`}
          </Typography>
          {running.current && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', wordBreak: 'break-all', mt: 0.5 }}
            >
              {t('admin.libraries.current', { folder: running.current })}
            </Typography>
          )}
          {running.trigger !== 'console' && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t(`admin.libraries.trigger.${running.trigger}`)}
            </Alert>
          )}
        </Paper>
      )}
    </Box>
  );
}
