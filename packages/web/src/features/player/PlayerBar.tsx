import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from '../../shared/i18n/index.ts';
import { Cover } from './Cover.tsx';
import {
  LyricsButton,
  PlayModeButton,
  QueueButton,
  RateButton,
  SeekBar,
  SleepButton,
  TimeText,
  TransportControls,
  VolumeControl,
} from './controls.tsx';
import { currentTrack, usePlayerStore } from './store.ts';

/** Footer player bar (docs/product.md §2.1); nothing while the queue is empty. */
export function PlayerBar() {
  const { t } = useTranslation();
  const track = usePlayerStore((s) => currentTrack(s));
  const playing = usePlayerStore((s) => s.playing);
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  const wide = useMediaQuery('(min-width: 900px)', { noSsr: true });
  if (!track) return null;
  const open = () => setOverlay({ fullPlayerOpen: true });
  return (
    <Paper
      square
      elevation={8}
      data-testid="player-bar"
      data-playing={playing}
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
        pl: 'env(safe-area-inset-left)',
        pr: 'env(safe-area-inset-right)',
        backdropFilter: 'blur(12px)',
      }}
    >
      <Box sx={{ px: { xs: 1, md: 2 }, mt: -1.25, mb: -1 }}>
        <SeekBar showTimes={false} dense />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2 }, px: { xs: 1, md: 2 }, py: 1 }}>
        <ButtonBase
          onClick={open}
          aria-label={t('player.expand')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            minWidth: 0,
            flex: 1,
            justifyContent: 'flex-start',
            textAlign: 'left',
            borderRadius: 1,
          }}
        >
          <Cover track={track} size={wide ? 52 : 44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="body2"
              noWrap
              data-testid="player-title"
              title={track.title}
              sx={{ fontWeight: 600 }}
            >
              {track.title}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="div"
              title={track.workTitle}
            >
              {track.workTitle}
              {track.work.circle?.name ? ` · ${track.work.circle.name}` : ''}
            </Typography>
          </Box>
        </ButtonBase>
        {wide ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <PlayModeButton />
              <TransportControls />
              <SleepButton />
            </Box>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flex: 1,
                justifyContent: 'flex-end',
                minWidth: 0,
              }}
            >
              <TimeText />
              <RateButton />
              <VolumeControl />
              <LyricsButton />
              <QueueButton />
              <Tooltip title={t('player.expand')}>
                <IconButton aria-label={t('player.expand')} data-testid="player-expand" onClick={open}>
                  <OpenInFullRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          </>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <TransportControls size="small" compact />
            <QueueButton size="small" />
          </Box>
        )}
      </Box>
    </Paper>
  );
}
