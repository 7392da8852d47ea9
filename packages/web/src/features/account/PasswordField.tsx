import TextField from '@mui/material/TextField';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Tells the browser's password manager whether to fill in a saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
  /** The failed rule's text, once the form has been submitted; marks the field invalid. */
  error?: string;
  /** Marks the field invalid without a text (a required field left empty). */
  invalid?: boolean;
  /** Shown under the field while no rule has failed. */
  hint?: string;
  name?: string;
  autoFocus?: boolean;
}

/** A password input of the account dialogs: its rule's text replaces the hint when it fails. */
export function PasswordField({ onChange, error, invalid = false, hint, ...props }: PasswordFieldProps) {
  return (
    <TextField
      {...props}
      type="password"
      onChange={(e) => onChange(e.target.value)}
      error={invalid || !!error}
      helperText={error ?? hint}
    />
  );
}
