import LockIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { isAdmin, isGuest, isLoggedIn, openLoginDialog, useAuth } from '../account/index.ts';

/**
 * Administrators only. Everyone else is told why, in words: a visitor is asked to log in, a guest
 * or a listener is told the console is not theirs. The server refuses their requests anyway.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const checking = useAuth((s) => s.checking);
  const loggedIn = useAuth(isLoggedIn);
  const admin = useAuth(isAdmin);
  const guest = useAuth(isGuest);
  const name = useAuth((s) => s.user?.name ?? '');
  if (admin) return <>{children}</>;
  if (checking) return <LinearProgress aria-label={t('auth.checkingSession')} sx={{ m: 2 }} />;
  if (!loggedIn) {
    return (
      <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="console-refused">
        <LockIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          {t('admin.console.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('admin.console.needLogin')}
        </Typography>
        <Button variant="contained" onClick={() => openLoginDialog()}>
          {t('auth.login')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ py: 4 }} data-testid="console-refused">
      <Alert
        severity="warning"
        action={
          <>
            {/* The shared guest account is how many arrive: the way on is another account. */}
            {guest && (
              <Button color="inherit" size="small" onClick={() => openLoginDialog()}>
                {t('admin.console.loginAsAdmin')}
              </Button>
            )}
            <Button component={Link} to="/works" color="inherit" size="small">
              {t('admin.console.backToLibrary')}
            </Button>
          </>
        }
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <AlertTitle component="h1">{t('admin.console.refusedTitle')}</AlertTitle>
        {guest ? t('admin.console.refusedGuest') : t('admin.console.refusedUser', { name })}
      </Alert>
    </Box>
  );
}
