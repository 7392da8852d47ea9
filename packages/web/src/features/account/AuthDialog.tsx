import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notify/store.ts';
import { login, register } from './session.ts';
import { closeLoginDialog, setAuthDialogMode, useAuth } from './store.ts';
import { checkEmail, checkPassword, checkRepeat, checkUsername, type RuleError } from './validation.ts';

/** Login / register / reset password dialog (spec §2.8); rules apply lazily, after the first submit. */
export function AuthDialog() {
  const { t } = useTranslation();
  const open = useAuth((s) => s.dialogOpen);
  const mode = useAuth((s) => s.dialogMode);
  const reg = useAuth((s) => s.reg);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [email, setEmail] = useState('');
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState(false);

  const errors: Record<string, RuleError | null> =
    mode === 'reset'
      ? { email: checkEmail(email) }
      : {
          name: checkUsername(name),
          password: checkPassword(password),
          repeat: mode === 'register' ? checkRepeat(password, repeat) : null,
        };
  const shown = (field: string) => {
    const e = validated ? errors[field] : null;
    return e ? t(e.key, e.params) : undefined;
  };

  const switchMode = (m: typeof mode) => {
    setValidated(false);
    setAuthDialogMode(m);
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setValidated(true);
    if (Object.values(errors).some((e) => e !== null)) return;
    if (mode === 'reset') {
      notify({ type: 'info', message: t('auth.resetSent') });
      switchMode('login');
      return;
    }
    setBusy(true);
    try {
      await (mode === 'register' ? register(name.trim(), password) : login(name.trim(), password));
      setPassword('');
      setRepeat('');
      setValidated(false);
      closeLoginDialog();
    } catch {
      // the API client already showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const title =
    mode === 'register' ? t('auth.register') : mode === 'reset' ? t('auth.resetPassword') : t('auth.login');
  return (
    <Dialog
      open={open}
      onClose={closeLoginDialog}
      fullWidth
      maxWidth="xs"
      aria-labelledby="auth-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="auth-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mode === 'reset' ? (
              <>
                <Alert severity="info">{t('auth.resetHint')}</Alert>
                <TextField
                  label={t('auth.email')}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={!!shown('email')}
                  helperText={shown('email')}
                  autoFocus
                />
              </>
            ) : (
              <>
                <TextField
                  label={t('auth.username')}
                  name="username"
                  autoComplete="username"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={!!shown('name')}
                  helperText={shown('name')}
                  autoFocus
                />
                <TextField
                  label={t('auth.password')}
                  name="password"
                  type="password"
                  autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={!!shown('password')}
                  helperText={shown('password')}
                />
                {mode === 'register' && (
                  <TextField
                    label={t('auth.repeatPassword')}
                    name="repeat-password"
                    type="password"
                    autoComplete="new-password"
                    value={repeat}
                    onChange={(e) => setRepeat(e.target.value)}
                    error={!!shown('repeat')}
                    helperText={shown('repeat')}
                  />
                )}
              </>
            )}
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              {mode === 'login' ? (
                <>
                  {reg ? (
                    <Link component="button" type="button" onClick={() => switchMode('register')}>
                      {t('auth.noAccount')}
                    </Link>
                  ) : (
                    <span />
                  )}
                  <Link component="button" type="button" onClick={() => switchMode('reset')}>
                    {t('auth.forgotPassword')}
                  </Link>
                </>
              ) : (
                <Link component="button" type="button" onClick={() => switchMode('login')}>
                  {t('auth.backToLogin')}
                </Link>
              )}
            </Stack>
            {mode === 'register' && !reg && <Alert severity="warning">{t('auth.registrationClosed')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={closeLoginDialog}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || (mode === 'register' && !reg)}>
            {mode === 'reset' ? t('common.submit') : title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
