import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../shared/i18n/index.ts';
import { APP_VERSION } from './version.ts';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Paper sx={{ p: 3, border: 1, borderColor: 'divider' }} elevation={0}>
        <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
          {t('app.about.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('app.about.text')}</Typography>
        <Typography color="text.secondary">{t('app.about.version', { version: APP_VERSION })}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('app.about.bounty')}
        </Typography>
      </Paper>
    </Container>
  );
}
