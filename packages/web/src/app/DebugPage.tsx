import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAuth } from '../features/account/index.ts';
import { useTranslation } from '../shared/i18n/index.ts';
import { useSettings } from '../shared/settings/store.ts';
import { APP_VERSION } from './version.ts';

/** What a bug report needs: version, browser, language, the user and the settings (never the token). */
export function DebugPage() {
  const { t, i18n } = useTranslation();
  const user = useAuth((s) => s.user);
  const { set: _set, ...settings } = useSettings();
  const info = {
    version: APP_VERSION,
    userAgent: navigator.userAgent,
    language: i18n.language,
    screen: `${window.innerWidth}x${window.innerHeight}@${window.devicePixelRatio}`,
    user: user ? { name: user.name, group: user.group } : null,
    settings,
  };
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        {t('app.debug.title')}
      </Typography>
      <Paper sx={{ p: 2, overflow: 'auto', border: 1, borderColor: 'divider' }} elevation={0}>
        <pre style={{ margin: 0, fontSize: 12 }}>{JSON.stringify(info, null, 2)}</pre>
      </Paper>
    </Container>
  );
}
