/**
 * Backups on the health screen (docs/console.md, "Backups"): the schedule and the next backup,
 * "Back up now", and each backup kept in the data folder with its download and its deletion
 * (asked first). Restoring is the command line's: the card says how.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { formatBytes } from '../../../shared/ui/format.ts';
import { consoleApi } from '../consoleApi.ts';
import { dateTime, SectionCard } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';

export function BackupsSection() {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: queryKeys.console.backups,
    queryFn: ({ signal }) => consoleApi.backups(signal),
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  const backUp = useConsoleAction({
    run: () => consoleApi.backUpNow(),
    invalidates: [queryKeys.console.backups],
    done: () => t('admin.backups.taken'),
  });
  const remove = useConsoleAction({
    run: (name: string) => consoleApi.deleteBackup(name),
    invalidates: [queryKeys.console.backups],
    done: () => t('admin.backups.deleted'),
  });
  const b = q.data;
  if (!b) return null;
  const when = (ms: number) => dateTime(ms, i18n.language);
  return (
    <SectionCard title={t('admin.backups.title')} testId="backups">
      <Typography variant="body2" color="text.secondary" data-testid="backup-schedule">
        {b.intervalHours > 0
          ? t('admin.backups.schedule', { count: b.intervalHours, keep: b.keep })
          : t('admin.backups.scheduleOff')}
        {b.nextAt !== null && ` ${t('admin.backups.next', { at: when(b.nextAt) })}`}
      </Typography>
      {b.missingTools.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="backup-tools-missing">
          {t('admin.backups.toolsMissing', { tools: b.missingTools.join(', ') })}
        </Alert>
      )}
      <Box sx={{ my: 1.5 }}>
        <Button
          variant="contained"
          disabled={backUp.isPending}
          onClick={() => backUp.mutate()}
          data-testid="back-up-now"
        >
          {backUp.isPending ? t('admin.backups.taking') : t('admin.backups.now')}
        </Button>
      </Box>
      {b.backups.length === 0 && <Typography color="text.secondary">{t('admin.backups.none')}</Typography>}
      {b.backups.map((f) => (
        <Box
          key={f.name}
          data-testid="backup-row"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            py: 0.75,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ flex: 1, minWidth: '12em' }}>
            <Typography sx={{ fontWeight: 700 }}>{when(f.createdAt)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`admin.backups.trigger.${f.trigger}`)} · {formatBytes(f.bytes)}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', wordBreak: 'break-all' }}
            >
              {f.name}
            </Typography>
          </Box>
          {/* The two actions wrap together, under the description on a phone. */}
          <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
            <Button size="small" variant="outlined" href={consoleApi.backupUrl(f.name)} download={f.name}>
              {t('admin.backups.download')}
            </Button>
            <Button size="small" color="error" onClick={() => setDeleting(f.name)}>
              {t('admin.backups.delete')}
            </Button>
          </Box>
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('admin.backups.restoreHow')}{' '}
        <Box component="code" sx={{ fontSize: '0.85em', whiteSpace: 'nowrap' }}>
          sasayaki restore FILE
        </Box>
      </Typography>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('admin.backups.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ wordBreak: 'break-all' }}>
            {t('admin.backups.deleteWhat', { name: deleting ?? '' })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('admin.backups.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
            }}
          >
            {t('admin.backups.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
