import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n/index.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 10, px: 2, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h2" sx={{ fontWeight: 900, opacity: 0.3 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('app.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('app.notFound.text')}
      </Typography>
      <Button component={Link} to="/works" variant="contained">
        {t('app.notFound.home')}
      </Button>
    </Box>
  );
}
