/**
 * "Continue from <device>": shown when another device of the account saved its queue later than
 * this one. Nothing changes here unless the listener says so.
 */
import DevicesRounded from '@mui/icons-material/DevicesRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { formatClock } from '@sasayaki/contract';
import { useTranslation } from '../../shared/i18n/index.ts';
import { acceptContinueOffer, dismissContinueOffer, useContinueOffer } from './listeningSync.ts';
import { usePlayerStore } from './store.ts';

export function ContinueOffer() {
  const { t } = useTranslation();
  const offer = useContinueOffer((s) => s.offer);
  // Above the player bar when there is one.
  const hasBar = usePlayerStore((s) => s.queue.length > 0);
  const track = offer?.tracks[offer.currentIndex];
  if (!offer || !track) return null;
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={hasBar ? { bottom: { xs: 112, sm: 120 } } : undefined}
    >
      <Alert
        severity="info"
        variant="filled"
        icon={<DevicesRounded />}
        data-testid="continue-offer"
        sx={{
          width: '100%',
          maxWidth: 560,
          alignItems: 'center',
          py: { xs: 0, sm: 0.75 },
          // On a phone the buttons go under the text instead of squeezing it.
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: { xs: '1 1 calc(100% - 48px)', sm: 1 }, minWidth: 0 },
          '& .MuiAlert-action': { ml: 'auto', pl: { xs: 0, sm: 2 }, pt: 0 },
        }}
        action={
          <Box sx={{ display: 'flex', gap: 0.5, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
            <Button color="inherit" size="small" onClick={dismissContinueOffer}>
              {t('player.continueOffer.dismiss')}
            </Button>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              data-testid="continue-offer-accept"
              onClick={() => void acceptContinueOffer()}
            >
              {t('player.continueOffer.accept')}
            </Button>
          </Box>
        }
      >
        <AlertTitle sx={{ mb: 0, fontSize: { xs: '0.875rem', sm: undefined } }}>
          {t('player.continueOffer.title', { device: offer.device })}
        </AlertTitle>
        {/* On a phone one line of it, so the offer leaves the page above it usable. */}
        <Box
          component="span"
          sx={{
            display: 'block',
            wordBreak: { sm: 'break-word' },
            whiteSpace: { xs: 'nowrap', sm: 'normal' },
            overflow: { xs: 'hidden', sm: 'visible' },
            textOverflow: { xs: 'ellipsis', sm: 'clip' },
          }}
        >
          {t('player.continueOffer.track', { title: track.title, time: formatClock(offer.position) })}
        </Box>
      </Alert>
    </Snackbar>
  );
}
