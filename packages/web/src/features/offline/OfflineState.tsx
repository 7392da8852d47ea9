import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { KeptWorkList } from './KeptWorkList.tsx';
import { useKept } from './kept.ts';

/**
 * What a page that needs the network shows while offline (docs/web.md, "Offline listening"): a
 * translated notice and the works kept on this device, which still open and play.
 */
export function OfflineState({
  workNotKept = false,
  onRetry,
}: {
  workNotKept?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const works = useKept((s) => s.works);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: { xs: 4, sm: 6 } }} data-testid="offline-state">
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <CloudOffIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          {t('offline.offlineTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t(workNotKept ? 'offline.notKeptText' : 'offline.offlineText')}
        </Typography>
        {onRetry && (
          <Button variant="contained" sx={{ mt: 2 }} onClick={onRetry}>
            {t('offline.tryAgain')}
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('offline.keptList')}
        </Typography>
        {works.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('offline.noneKept')}
          </Typography>
        ) : (
          <KeptWorkList works={works} rowTestId="offline-kept-work" />
        )}
        <Button component={Link} to="/settings#offline" size="small" sx={{ mt: 1 }}>
          {t('offline.openSettings')}
        </Button>
      </Paper>
    </Box>
  );
}
