import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { AccountFormDialog } from './AccountFormDialog.tsx';
import { accountErrorText, isExpiredVerification } from './accountErrors.ts';
import { CodeField } from './CodeField.tsx';
import { setUser, useAuth } from './store.ts';
import { CODE_PATTERN, checkEmail } from './validation.ts';

/**
 * Link an email in two steps: the address (a 6-digit code is mailed to it), then the code. With an
 * email already linked, the dialog offers to unlink it first (the server refuses a second one).
 */
export function EmailDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const linked = useAuth((s) => s.user?.email ?? null);
  const [email, setEmail] = useState('');
  const [verifyId, setVerifyId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [validated, setValidated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(accountErrorText(err, t));
      if (isExpiredVerification(err)) {
        setVerifyId(null);
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setValidated(true);
    if (linked) {
      return void run(async () => {
        await call('POST /api/auth/email/unlink', {}, { silent: true });
        const me = useAuth.getState().user;
        if (me) setUser({ ...me, email: null });
        setValidated(false);
        notify({ type: 'positive', message: t('auth.mail.unlinked') });
      });
    }
    if (verifyId === null) {
      if (checkEmail(email)) return;
      return void run(async () => {
        const r = await call(
          'POST /api/auth/email/request-link',
          { body: { email: email.trim() } },
          { silent: true },
        );
        setVerifyId(r.verifyId);
        setValidated(false);
      });
    }
    if (!CODE_PATTERN.test(code.trim())) return;
    void run(async () => {
      const r = await call(
        'POST /api/auth/email/verify',
        { body: { verifyId, code: code.trim() } },
        { silent: true },
      );
      setUser(r.user);
      notify({ type: 'positive', message: t('auth.mail.linked', { email: r.user.email }) });
      onClose();
    });
  };

  const emailRule = validated && verifyId === null ? checkEmail(email) : null;
  const codeWrong = validated && verifyId !== null && !CODE_PATTERN.test(code.trim());
  return (
    <AccountFormDialog
      title={t('auth.mail.title')}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      submit={{
        label: linked
          ? t('auth.mail.unlink')
          : verifyId === null
            ? t('auth.mail.sendCode')
            : t('auth.mail.verify'),
        disabled: busy,
        color: linked ? 'error' : 'primary',
      }}
      otherAction={
        verifyId !== null &&
        !linked && (
          <Button
            onClick={() => {
              setVerifyId(null);
              setCode('');
              setError(null);
            }}
            sx={{ mr: 'auto' }}
          >
            {t('auth.mail.changeAddress')}
          </Button>
        )
      }
    >
      {linked ? (
        <Typography>{t('auth.mail.current', { email: linked })}</Typography>
      ) : verifyId === null ? (
        <>
          <Typography color="text.secondary">{t('auth.mail.why')}</Typography>
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!emailRule}
            helperText={emailRule ? t(emailRule.key) : undefined}
            autoFocus
          />
        </>
      ) : (
        <>
          <Alert severity="info">{t('auth.mail.sent', { email: email.trim() })}</Alert>
          <CodeField
            value={code}
            onChange={setCode}
            error={codeWrong ? t('auth.mail.codeFormat') : undefined}
          />
        </>
      )}
    </AccountFormDialog>
  );
}
