import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { PasswordField } from './PasswordField.tsx';
import { checkPassword, checkRepeat, checkUsername, type RuleError } from './validation.ts';

type Field = 'name' | 'password' | 'repeat';

/** A new account's name and password typed twice, as the setup screen and invitations ask them. */
export interface NewAccount {
  /** The name as sent: without surrounding spaces. */
  name: string;
  password: string;
  /** Shows the failed rules from now on; whether none failed (the form may be sent). */
  validate: () => boolean;
  /** What each field holds, for NewAccountFields. */
  values: Record<Field, string>;
  set: (field: Field, value: string) => void;
  /** Each field's failed rule, once the form has been submitted. */
  errors: Partial<Record<Field, RuleError>>;
}

export function useNewAccount(): NewAccount {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', password: '', repeat: '' });
  const [submitted, setSubmitted] = useState(false);
  const rules = {
    name: checkUsername(values.name),
    password: checkPassword(values.password),
    repeat: checkRepeat(values.password, values.repeat),
  };
  const shown = (r: RuleError | null) => (submitted && r ? r : undefined);
  return {
    name: values.name.trim(),
    password: values.password,
    validate: () => {
      setSubmitted(true);
      return !rules.name && !rules.password && !rules.repeat;
    },
    values,
    set: (field, value) => setValues((v) => ({ ...v, [field]: value })),
    errors: { name: shown(rules.name), password: shown(rules.password), repeat: shown(rules.repeat) },
  };
}

/** The three fields of a new account; the name field takes the focus. */
export function NewAccountFields({
  account,
  labels,
}: {
  account: NewAccount;
  labels: Record<Field, string>;
}) {
  const { t } = useTranslation();
  const { values, set, errors } = account;
  const text = (r: RuleError | undefined) => (r ? t(r.key, r.params) : undefined);
  return (
    <>
      <TextField
        label={labels.name}
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        autoComplete="username"
        autoFocus
        error={!!errors.name}
        helperText={text(errors.name)}
      />
      {(['password', 'repeat'] as const).map((field) => (
        <PasswordField
          key={field}
          label={labels[field]}
          value={values[field]}
          onChange={(v) => set(field, v)}
          autoComplete="new-password"
          error={text(errors[field])}
        />
      ))}
    </>
  );
}

/**
 * The whole form of a new account, as the setup screen and an invitation show it: what it is for,
 * the three fields, what went wrong, and the button.
 */
export function NewAccountForm({
  account,
  intro,
  labels,
  submitLabel,
  failure,
  busy,
  onSubmit,
  testId,
}: {
  account: NewAccount;
  intro: string;
  labels: Record<Field, string>;
  submitLabel: string;
  failure: string | null;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  testId?: string;
}) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid={testId}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {intro}
      </Typography>
      <Stack spacing={2}>
        <NewAccountFields account={account} labels={labels} />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
