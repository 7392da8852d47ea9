import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/index.ts';
import { dismissImport, type ImportState } from './importState.ts';

/** The running import (phase, files done / total, a bar) or its outcome. */
export function ImportProgress({ state }: { state: ImportState }) {
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'processing') {
    const { phase, done, total } = state.progress;
    return (
      <Box data-testid="subtitle-import-progress" data-phase={phase} sx={{ display: 'grid', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Chip size="small" color="info" label={t(`subtitles.phase.${phase}`)} />
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {state.fileName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('subtitles.filesProgress', { done, total })}
          </Typography>
        </Box>
        <LinearProgress
          variant={total > 0 ? 'determinate' : 'indeterminate'}
          value={total > 0 ? (100 * done) / total : 0}
        />
      </Box>
    );
  }
  if (state.status === 'finished') {
    const r = state.result;
    return (
      <Alert
        severity="success"
        onClose={dismissImport}
        data-testid="subtitle-import-result"
        data-phase="finished"
      >
        {t('subtitles.imported', { name: r.fileName, files: r.files, count: r.workIds.length })}
        {r.skipped > 0 && <div>{t('subtitles.skipped', { count: r.skipped })}</div>}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      onClose={dismissImport}
      data-testid="subtitle-import-error"
      data-kind={state.kind}
    >
      {t(`subtitles.errors.${state.kind}`, { name: state.fileName, message: state.message })}
    </Alert>
  );
}
