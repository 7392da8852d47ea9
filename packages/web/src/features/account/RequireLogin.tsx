import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { isLoggedIn, openLoginDialog, useAuth } from './store.ts';

/** Login-only routes: an anonymous visitor gets the login dialog instead of the page. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  // On a full load the stored token is checked first: asking for a login before the answer
  // would open the dialog over a user who is logged in.
  const checking = useAuth((s) => s.checking);
  useEffect(() => {
    if (!loggedIn && !checking) openLoginDialog();
  }, [loggedIn, checking]);
  if (loggedIn) return <>{children}</>;
  if (checking) return <LinearProgress aria-label={t('auth.checkingSession')} sx={{ m: 2 }} />;
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{t('auth.needLogin')}</Typography>
      <Button variant="contained" onClick={() => openLoginDialog()}>
        {t('auth.login')}
      </Button>
    </Box>
  );
}

/** `/login` goes to the works list and opens the login dialog. */
export function LoginRedirect() {
  useEffect(() => openLoginDialog(), []);
  return <Navigate to="/works" replace />;
}
