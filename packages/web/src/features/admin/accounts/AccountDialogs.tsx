/** The two account dialogs that need a confirmation: reset a password, delete an account. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { type ConsoleAccount, consoleApi } from '../consoleApi.ts';
import { useAccountAction } from './useAccountAction.ts';

export function ResetPasswordDialog({ account, onClose }: { account: ConsoleAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useAccountAction(() => consoleApi.resetPassword(account.id));
  const result = reset.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('admin.accounts.resetTitle', { name: account.name })}</DialogTitle>
      <DialogContent>
        {!result && (
          <DialogContentText>
            {account.email
              ? t('admin.accounts.resetByMail', { email: account.email })
              : t('admin.accounts.resetShown')}
          </DialogContentText>
        )}
        {result?.delivery === 'mail' && <Alert severity="success">{t('admin.accounts.resetMailed')}</Alert>}
        {result?.delivery === 'shown' && (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('admin.accounts.resetOnce')}
            </Alert>
            <Typography
              data-testid="one-time-password"
              sx={{ fontFamily: 'monospace', fontSize: '1.4rem', textAlign: 'center', userSelect: 'all' }}
            >
              {result.password}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={onClose}>{t('admin.accounts.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('admin.accounts.cancel')}</Button>
            <Button variant="contained" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {t('admin.accounts.resetConfirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function DeleteAccountDialog({ account, onClose }: { account: ConsoleAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const impact = useQuery({
    queryKey: queryKeys.console.impact(account.id),
    queryFn: () => consoleApi.impact(account.id),
  });
  const remove = useAccountAction(
    () => consoleApi.deleteAccount(account.id),
    () => t('admin.accounts.deleted'),
  );
  const n = impact.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('admin.accounts.deleteTitle', { name: account.name })}</DialogTitle>
      <DialogContent>
        {!n && <Skeleton variant="rounded" height={80} />}
        {n && (
          <>
            <DialogContentText>{t('admin.accounts.deleteGoes')}</DialogContentText>
            <ul data-testid="delete-impact">
              <li>{t('admin.accounts.impact.reviews', { count: n.reviews })}</li>
              <li>{t('admin.accounts.impact.playlists', { count: n.playlists })}</li>
              <li>{t('admin.accounts.impact.tagVotes', { count: n.tagVotes })}</li>
              <li>{t('admin.accounts.impact.playlistLikes', { count: n.playlistLikes })}</li>
            </ul>
            {n.feedback > 0 && (
              <DialogContentText>
                {t('admin.accounts.impact.feedback', { count: n.feedback })}
              </DialogContentText>
            )}
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('admin.accounts.deleteFinal')}
            </Alert>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.accounts.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!n || remove.isPending}
          onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
        >
          {t('admin.accounts.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
