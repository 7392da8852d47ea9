import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/store.ts';
import { accountErrorText } from './accountErrors.ts';
import { setSession } from './store.ts';
import { checkPassword, checkRepeat } from './validation.ts';

/**
 * Change password: the current one, the new one twice. The server ends every other session and
 * answers a fresh token, which replaces the stored one.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [validated, setValidated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = { next: checkPassword(next), repeat: checkRepeat(next, repeat) };
  const shown = (k: keyof typeof rules) => {
    const e = validated ? rules[k] : null;
    return e ? t(e.key, e.params) : undefined;
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setValidated(true);
    if (rules.next || rules.repeat || current === '') return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call(
        'POST /api/auth/change-password',
        { body: { oldPassword: current, newPassword: next } },
        { silent: true },
      );
      setSession(answer.token, answer.user);
      notify({ type: 'positive', message: t('auth.account.passwordChanged') });
      onClose();
    } catch (err) {
      setError(accountErrorText(err, t));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="password-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="password-dialog-title">{t('auth.account.changePassword')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={t('auth.account.currentPassword')}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              error={validated && current === ''}
              autoFocus
            />
            <TextField
              label={t('auth.account.newPassword')}
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              error={!!shown('next')}
              helperText={shown('next') ?? t('auth.account.otherSessionsEnd')}
            />
            <TextField
              label={t('auth.repeatPassword')}
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              error={!!shown('repeat')}
              helperText={shown('repeat')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.account.changePassword')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
