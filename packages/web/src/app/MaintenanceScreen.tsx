import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../shared/i18n/index.ts';
import { safeMaintenanceHtml } from './maintenanceHtml.ts';

/** The server's maintenance message (sanitised) and 'force enter' (docs/product.md §8, health). */
export function MaintenanceScreen({ html, onEnter }: { html: string; onEnter: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }} data-testid="maintenance">
      <Paper sx={{ p: 4, maxWidth: 640, width: '100%' }}>
        <Typography variant="h5" gutterBottom>
          {t('app.maintenance.title')}
        </Typography>
        <Box
          sx={{ mb: 3 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's message, sanitised (maintenanceHtml.ts)
          dangerouslySetInnerHTML={{ __html: safeMaintenanceHtml(html) }}
        />
        <Button variant="outlined" onClick={onEnter}>
          {t('app.maintenance.forceEnter')}
        </Button>
      </Paper>
    </Box>
  );
}
