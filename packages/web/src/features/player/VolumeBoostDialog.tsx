import HearingRounded from '@mui/icons-material/HearingRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../shared/i18n/index.ts';
import { usePlayerStore } from './store.ts';

/** The hearing-damage confirmation before a volume above 100 % (docs/product.md §5). */
export function VolumeBoostDialog() {
  const { t } = useTranslation();
  const pending = usePlayerStore((s) => s.pendingVolume);
  const confirm = usePlayerStore((s) => s.confirmBoost);
  const cancel = usePlayerStore((s) => s.cancelBoost);
  return (
    <Dialog open={pending !== null} onClose={cancel} maxWidth="xs" data-testid="volume-boost-dialog">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <HearingRounded color="warning" />
        {t('player.boost.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('player.boost.warning')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('common.cancel')}</Button>
        <Button color="warning" variant="contained" onClick={confirm}>
          {t('player.boost.confirm')} ({Math.round((pending ?? 1) * 100)}%)
        </Button>
      </DialogActions>
    </Dialog>
  );
}
