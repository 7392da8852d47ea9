/** One track of the history: when it was played, how far (a bar and the times), play and remove. */
import CloseRounded from '@mui/icons-material/CloseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { HistoryTrack } from '@sasayaki/contract';
import { useTranslation } from '../../shared/i18n/index.ts';
import { howFar } from './format.ts';
import { PlayedAt } from './PlayedAt.tsx';

export function PlayedTrack({
  track,
  onPlay,
  onRemove,
}: {
  track: HistoryTrack;
  onPlay: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const far = howFar(track.position, track.duration);
  return (
    <Box
      data-testid="history-track"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto', alignItems: 'center', gap: 1, py: 0.5 }}
    >
      <IconButton size="small" aria-label={t('listening.play', { title: track.title })} onClick={onPlay}>
        <PlayArrowRounded />
      </IconButton>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ wordBreak: 'break-word', flex: '1 1 12rem' }}>
            {track.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            <PlayedAt at={track.playedAt} />
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            variant="determinate"
            value={far.percent}
            aria-label={t('listening.howFar')}
            sx={{ flex: 1, height: 4, borderRadius: 2 }}
          />
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="history-how-far"
            sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {far.text ?? t('listening.finished')}
          </Typography>
        </Box>
      </Box>
      <IconButton
        size="small"
        aria-label={t('listening.removeTrack', { title: track.title })}
        onClick={onRemove}
      >
        <CloseRounded fontSize="small" />
      </IconButton>
    </Box>
  );
}
