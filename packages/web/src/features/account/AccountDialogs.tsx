import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { EmailDialog } from './EmailDialog.tsx';
import { closeAccountDialog, useAuth } from './store.ts';

/** The account dialog that is open (change password or link email), mounted once by the shell. */
export function AccountDialogs() {
  const open = useAuth((s) => s.accountDialog);
  if (open === 'password') return <ChangePasswordDialog onClose={closeAccountDialog} />;
  if (open === 'email') return <EmailDialog onClose={closeAccountDialog} />;
  return null;
}
