import { type FormEvent, useState } from 'react';
import { call } from '../../shared/api/client.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { AccountFormDialog } from './AccountFormDialog.tsx';
import { accountErrorText } from './accountErrors.ts';
import { PasswordField } from './PasswordField.tsx';
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
    <AccountFormDialog
      title={t('auth.account.changePassword')}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      submit={{ label: t('auth.account.changePassword'), disabled: busy }}
    >
      <PasswordField
        label={t('auth.account.currentPassword')}
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        invalid={validated && current === ''}
        autoFocus
      />
      <PasswordField
        label={t('auth.account.newPassword')}
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        error={shown('next')}
        hint={t('auth.account.otherSessionsEnd')}
      />
      <PasswordField
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
        error={shown('repeat')}
      />
    </AccountFormDialog>
  );
}
