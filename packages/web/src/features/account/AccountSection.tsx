import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/index.ts';
import { AppPasswordsSection } from './AppPasswordsSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { isGuest, isLoggedIn, openAccountDialog, useAuth } from './store.ts';

/**
 * The account part of the settings: the linked email and the buttons that change the password or
 * the email, and the app passwords of music apps. The guest account may do none of these, and is
 * told why instead of meeting an error.
 */
export function AccountSection() {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const guest = useAuth(isGuest);
  const email = useAuth((s) => s.user?.email ?? null);
  if (!loggedIn) return null;
  if (guest) return <Alert severity="info">{t('auth.account.guestLimits')}</Alert>;
  return (
    <Stack spacing={1.5} data-testid="account-section">
      <Typography>{email ? t('auth.mail.current', { email }) : t('auth.mail.noneYet')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => openAccountDialog('password')}>
          {t('auth.account.changePassword')}
        </Button>
        <Button variant="outlined" onClick={() => openAccountDialog('email')}>
          {email ? t('auth.mail.manage') : t('auth.mail.link')}
        </Button>
      </Stack>
      <DevicesSection />
      <AppPasswordsSection />
    </Stack>
  );
}
