import TextField from '@mui/material/TextField';
import { useTranslation } from '../../shared/i18n/index.ts';

/** The 6-digit code a mail carries: digits only, offered by the phone's one-time-code keyboard. */
export function CodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.mail.code')}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
      autoFocus
    />
  );
}
