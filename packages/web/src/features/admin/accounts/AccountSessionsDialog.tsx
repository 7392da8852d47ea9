/**
 * An account's signed-in devices, for the administrator (docs/accounts.md, "Sessions"): client,
 * address, when each was last seen and signed in, and "Sign out everywhere" (audited by the
 * server). App passwords are not sessions: the dialog says they are revoked apart.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { type ConsoleAccount, consoleApi } from '../consoleApi.ts';
import { dateTime } from '../kit/consoleUi.tsx';
import { useConsoleAction } from '../kit/useConsoleAction.ts';

export function AccountSessionsDialog({
  account,
  onClose,
}: {
  account: ConsoleAccount;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const key = queryKeys.console.sessions(account.id);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => consoleApi.accountSessions(account.id, signal),
  });
  const end = useConsoleAction({
    run: () => consoleApi.endAccountSessions(account.id),
    invalidates: [key, queryKeys.console.accounts.all],
    done: (_v, r) => t('admin.accounts.sessions.ended', { count: r.ended }),
  });
  const sessions = q.data?.sessions ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.accounts.sessions.title', { name: account.name })}</DialogTitle>
      <DialogContent dividers>
        {!q.data && <Skeleton height={48} />}
        {q.data && sessions.length === 0 && (
          <Typography color="text.secondary">{t('admin.accounts.sessions.none')}</Typography>
        )}
        {sessions.map((s) => (
          <Box
            key={s.id}
            data-testid="account-session"
            sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {s.client || t('admin.accounts.sessions.unknownClient')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('admin.accounts.sessions.seen', {
                when: dateTime(s.lastSeenAt, i18n.language),
                address: s.address || '—',
                since: dateTime(s.createdAt, i18n.language),
              })}
            </Typography>
          </Box>
        ))}
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('admin.accounts.sessions.appPasswords')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.accounts.close')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={sessions.length === 0 || end.isPending}
          onClick={() => end.mutate()}
        >
          {t('admin.accounts.sessions.endAll')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
