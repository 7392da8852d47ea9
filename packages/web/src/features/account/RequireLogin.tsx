import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isLoggedIn, openLoginDialog, useAuth } from './store.ts';

/** Login-only routes (spec §2.2): an anonymous visitor gets the login dialog instead of the page. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  useEffect(() => {
    if (!loggedIn) openLoginDialog();
  }, [loggedIn]);
  if (loggedIn) return <>{children}</>;
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
