import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { DialogForm } from '../../shared/ui/DialogForm.tsx';

/**
 * The frame of every account dialog: a narrow form under its title, what went wrong with the last
 * attempt above the fields, and Cancel beside the button that submits.
 */
export function AccountFormDialog({
  open = true,
  title,
  error,
  onClose,
  onSubmit,
  submit,
  otherAction,
  children,
}: {
  open?: boolean;
  title: string;
  /** Why the last attempt failed, if it did. */
  error?: string | null;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  submit: { label: string; disabled: boolean; color?: 'primary' | 'error' };
  /** A button before Cancel (going back a step). */
  otherAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogForm onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          {otherAction}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" color={submit.color} disabled={submit.disabled}>
            {submit.label}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
