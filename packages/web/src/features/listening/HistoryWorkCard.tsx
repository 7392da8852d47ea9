/** A work of the history: its cover and title (to the work page), when last played, and its tracks. */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { HistoryTrack, HistoryWork } from '@sasayaki/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { workPath } from '../../shared/ui/links.ts';
import { PlayedAt } from './PlayedAt.tsx';
import { PlayedTrack } from './PlayedTrack.tsx';
import { WorkThumb } from './WorkThumb.tsx';

export function HistoryWorkCard({
  entry,
  onPlay,
  onRemoveTrack,
  onRemoveWork,
}: {
  entry: HistoryWork;
  onPlay: (track: HistoryTrack) => void;
  onRemoveTrack: (track: HistoryTrack) => void;
  onRemoveWork: () => void;
}) {
  const { t } = useTranslation();
  const { work } = entry;
  const to = workPath(work);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="history-work">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <RouterLink to={to} aria-hidden tabIndex={-1}>
          <WorkThumb work={work} size={64} />
        </RouterLink>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link component={RouterLink} to={to} underline="hover" color="inherit">
            <Typography
              variant="subtitle1"
              sx={{ fontWeight: 600, lineHeight: 1.35, wordBreak: 'break-word' }}
            >
              {work.title}
            </Typography>
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {[work.source_id, work.circle.name].filter(Boolean).join(' · ')} ·{' '}
            <PlayedAt at={entry.playedAt} />
          </Typography>
        </Box>
        <Tooltip title={t('listening.removeWork')}>
          <IconButton
            aria-label={t('listening.removeWork')}
            onClick={onRemoveWork}
            data-testid="history-remove-work"
          >
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ mt: 1 }}>
        {entry.tracks.map((track) => (
          <PlayedTrack
            key={track.track}
            track={track}
            onPlay={() => onPlay(track)}
            onRemove={() => onRemoveTrack(track)}
          />
        ))}
      </Box>
    </Paper>
  );
}
