import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { formatBytes } from '../../shared/ui/format.ts';
import { deleteAllPackages, deletePackage, importSubtitleArchive } from './actions.ts';
import type { SubtitlePackage } from './db.ts';
import { exportAllSubtitles } from './exportAll.ts';
import { ImportProgress } from './ImportProgress.tsx';
import { useSubtitleStore } from './importState.ts';
import { usePackages } from './usePackages.ts';

type Confirming = { kind: 'one'; pkg: SubtitlePackage } | { kind: 'all' } | null;

/** The settings page's local subtitle archives: import, progress, storage, list, delete, export. */
export function SubtitleSection() {
  const { t, i18n } = useTranslation();
  const importing = useSubtitleStore((s) => s.importing);
  const { packages, storage } = usePackages();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = importing.status === 'processing';

  useEffect(() => {
    useSubtitleStore.setState({ sectionOpen: true });
    return () => useSubtitleStore.setState({ sectionOpen: false });
  }, []);

  const remove = async () => {
    const c = confirming;
    setConfirming(null);
    try {
      if (c?.kind === 'one') await deletePackage(c.pkg.id);
      else if (c?.kind === 'all') await deleteAllPackages();
    } catch (e) {
      notify({ type: 'negative', message: t('subtitles.deleteFailed', { message: String(e) }) });
    }
  };
  const date = (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Box component="section" aria-label={t('subtitles.heading')} data-testid="subtitle-section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('subtitles.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('subtitles.help')}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}
      >
        <Button variant="contained" component="label" startIcon={<UploadFileRounded />} disabled={busy}>
          {t('subtitles.import')}
          <input
            hidden
            type="file"
            accept=".zip,application/zip"
            data-testid="subtitle-import-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importSubtitleArchive(file);
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('subtitles.dropHint')}
        </Typography>
      </Stack>
      <Box sx={{ mb: 1.5 }}>
        <ImportProgress state={importing} />
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="subtitle-storage">
        {storage === null
          ? t('subtitles.storageUnknown')
          : storage &&
            t('subtitles.storage', { used: formatBytes(storage.used), quota: formatBytes(storage.quota) })}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', mt: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h4" sx={{ flex: '1 0 auto' }}>
          {t('subtitles.packages')}
        </Typography>
        {/* The two buttons stay together: on a phone they go below the heading, not one by one. */}
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            disabled={!packages?.length}
            onClick={() => void exportAllSubtitles()}
          >
            {t('subtitles.exportAll')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={!packages?.length || busy}
            onClick={() => setConfirming({ kind: 'all' })}
          >
            {t('subtitles.clearAll')}
          </Button>
        </Box>
      </Stack>
      {packages?.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('subtitles.none')}
        </Typography>
      )}
      <List dense disablePadding data-testid="subtitle-packages">
        {packages?.map((p) => (
          <ListItem
            key={p.id}
            divider
            disableGutters
            data-testid="subtitle-package"
            secondaryAction={
              <Tooltip title={t('subtitles.delete')} describeChild>
                <IconButton
                  edge="end"
                  aria-label={`${t('subtitles.delete')} ${p.file_name}`}
                  disabled={busy}
                  onClick={() => setConfirming({ kind: 'one', pkg: p })}
                >
                  <DeleteOutlineRounded />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemText
              primary={p.file_name}
              slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
              secondary={[
                `${t('subtitles.size')} ${formatBytes(p.size)}`,
                `${t('subtitles.files')} ${p.file_count}`,
                `${t('subtitles.works')} ${p.work_count}`,
                `${t('subtitles.date')} ${date(p.created_at)}`,
              ].join(' · ')}
              sx={{ pr: 5 }}
            />
          </ListItem>
        ))}
      </List>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} maxWidth="xs" fullWidth>
        <DialogContent>
          <Typography>
            {confirming?.kind === 'one'
              ? t('subtitles.confirmDelete', { name: confirming.pkg.file_name })
              : t('subtitles.confirmClear')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('subtitles.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void remove()}
            data-testid="subtitle-confirm-delete"
          >
            {t('subtitles.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
