import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { AccountFormDialog } from './AccountFormDialog.tsx';
import { accountErrorText, isExpiredVerification } from './accountErrors.ts';
import { CodeField } from './CodeField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { confirmPasswordReset, login, register, requestPasswordReset } from './session.ts';
import { closeLoginDialog, setAuthDialogMode, useAuth } from './store.ts';
import { CODE_PATTERN, checkPassword, checkRepeat, checkUsername, type RuleError } from './validation.ts';

/**
 * Login / register / reset password dialog; rules apply lazily, after the first submit. A reset
 * mails a 6-digit code to the account's linked email; the code and a new password sign in.
 */
export function AuthDialog() {
  const { t } = useTranslation();
  const open = useAuth((s) => s.dialogOpen);
  const mode = useAuth((s) => s.dialogMode);
  const reg = useAuth((s) => s.reg);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [who, setWho] = useState('');
  const [verifyId, setVerifyId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [resetError, setResetError] = useState<string | null>(null);
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState(false);

  const errors: Record<string, RuleError | null> =
    mode === 'reset'
      ? verifyId === null
        ? { who: who.trim() === '' ? { key: 'auth.reset.whoRequired' } : null }
        : {
            code: CODE_PATTERN.test(code.trim()) ? null : { key: 'auth.mail.codeFormat' },
            password: checkPassword(password),
          }
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
    setVerifyId(null);
    setCode('');
    setResetError(null);
    setAuthDialogMode(m);
  };

  const reset = async () => {
    setResetError(null);
    try {
      if (verifyId === null) {
        setVerifyId(await requestPasswordReset(who));
        setValidated(false);
        return;
      }
      await confirmPasswordReset(verifyId, code.trim(), password);
      setPassword('');
      switchMode('login');
      closeLoginDialog();
    } catch (err) {
      setResetError(accountErrorText(err, t));
      if (isExpiredVerification(err)) {
        setVerifyId(null);
        setCode('');
      }
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setValidated(true);
    if (Object.values(errors).some((e) => e !== null)) return;
    setBusy(true);
    if (mode === 'reset') {
      await reset();
      setBusy(false);
      return;
    }
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
    <AccountFormDialog
      open={open}
      title={title}
      error={mode === 'reset' ? resetError : null}
      onClose={closeLoginDialog}
      onSubmit={submit}
      submit={{
        label:
          mode !== 'reset' ? title : verifyId === null ? t('auth.mail.sendCode') : t('auth.resetPassword'),
        disabled: busy || (mode === 'register' && !reg),
      }}
    >
      {mode === 'reset' && verifyId === null && (
        <>
          <Alert severity="info">{t('auth.resetHint')}</Alert>
          <TextField
            label={t('auth.reset.who')}
            autoComplete="username"
            value={who}
            onChange={(e) => setWho(e.target.value)}
            error={!!shown('who')}
            helperText={shown('who')}
            autoFocus
          />
        </>
      )}
      {mode === 'reset' && verifyId !== null && (
        <>
          <Alert severity="success">{t('auth.reset.sent')}</Alert>
          <CodeField value={code} onChange={setCode} error={shown('code')} />
          <PasswordField
            label={t('auth.account.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={shown('password')}
          />
        </>
      )}
      {mode !== 'reset' && (
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
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            value={password}
            onChange={setPassword}
            error={shown('password')}
          />
          {mode === 'register' && (
            <PasswordField
              label={t('auth.repeatPassword')}
              name="repeat-password"
              autoComplete="new-password"
              value={repeat}
              onChange={setRepeat}
              error={shown('repeat')}
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
    </AccountFormDialog>
  );
}
