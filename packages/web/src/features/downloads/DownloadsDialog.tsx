import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/index.ts';
import { formatBytes } from '../../shared/ui/format.ts';
import { cancelDownload, clearFinished, type Download, useDownloads } from './store.ts';

function Row({ d }: { d: Download }) {
  const { t } = useTranslation();
  const percent = d.total ? Math.min(100, (d.received / d.total) * 100) : null;
  const amount = d.total ? `${formatBytes(d.received)} / ${formatBytes(d.total)}` : formatBytes(d.received);
  const status =
    d.state === 'running'
      ? `${amount} · ${formatBytes(Math.round(d.speed))}/s`
      : d.state === 'failed'
        ? `${t('downloads.failed')}: ${d.error ?? ''}`
        : t(`downloads.${d.state}`);
  return (
    <Box
      data-testid="download-item"
      data-state={d.state}
      sx={{ py: 1, display: 'flex', gap: 1, alignItems: 'center' }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {d.name}
        </Typography>
        {d.state !== 'browser' && (
          <LinearProgress
            variant={percent === null && d.state === 'running' ? 'indeterminate' : 'determinate'}
            value={d.state === 'done' ? 100 : (percent ?? 0)}
            color={d.state === 'failed' ? 'error' : 'primary'}
            sx={{ my: 0.5 }}
          />
        )}
        <Typography variant="caption" color={d.state === 'failed' ? 'error' : 'text.secondary'}>
          {status}
        </Typography>
      </Box>
      {d.state === 'running' && (
        <IconButton aria-label={`${t('downloads.cancel')}: ${d.name}`} onClick={() => cancelDownload(d.id)}>
          <CloseIcon />
        </IconButton>
      )}
    </Box>
  );
}

/** The downloads dialog of the layout (docs/product.md §2.1): what is being downloaded, with progress. */
export function DownloadsDialog() {
  const { t } = useTranslation();
  const items = useDownloads((s) => s.items);
  const open = useDownloads((s) => s.open);
  const setOpen = useDownloads((s) => s.setOpen);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" data-testid="downloads-dialog">
      <DialogTitle>{t('downloads.title')}</DialogTitle>
      <DialogContent dividers>
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('downloads.empty')}</Typography>
        ) : (
          items.map((d) => <Row key={d.id} d={d} />)
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={clearFinished}>{t('downloads.clear')}</Button>
        <Button onClick={() => setOpen(false)}>{t('downloads.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
