import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { LYRIC_AUTO_SELECT_THRESHOLD, type QueueLyric } from '../../lyrics/index.ts';

/** Marks a lyric that comes from an imported local subtitle archive. */
function LocalChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="info"
      variant="outlined"
      label={t('player.lyricsView.local')}
      data-testid="lyrics-local"
    />
  );
}

/** Marks an accepted community subtitle, crediting its contributor and language. */
function CommunityChip({ lyric }: { lyric: QueueLyric }) {
  const { t } = useTranslation();
  if (!lyric.community) return null;
  return (
    <Chip
      size="small"
      color="secondary"
      variant="outlined"
      label={t('player.lyricsView.community', {
        contributor: lyric.community.contributor,
        language: lyric.community.language,
      })}
      data-testid="lyrics-community"
    />
  );
}

function ConfidenceChip({ confidence }: { confidence: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={confidence >= LYRIC_AUTO_SELECT_THRESHOLD ? 'success' : 'default'}
      label={t('player.lyricsView.confidence', { percent: Math.round(confidence * 100) })}
    />
  );
}

function InUseChip({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return <Chip size="small" color="primary" label={t('player.lyricsView.inUse')} data-testid={testId} />;
}

/**
 * The selector of the lyric to preview: each option with its file path, 'Local', its confidence
 * and 'In use'; the chosen one shows its title and chips in the field.
 */
export function LyricChoice({
  lyrics,
  shown,
  inUse,
  compact,
  onShow,
}: {
  lyrics: readonly QueueLyric[];
  /** Index of the lyric previewed. */
  shown: number;
  /** Index of the lyric the track uses, -1 for none. */
  inUse: number;
  /** A phone's field leaves 'Local' out: the title needs the room, the options still say it. */
  compact: boolean;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('player.lyricsView.select')}
      value={shown}
      onChange={(e) => onShow(Number(e.target.value))}
      slotProps={{
        htmlInput: { 'data-testid': 'lyrics-select' },
        select: {
          renderValue: (v) => {
            const l = lyrics[Number(v)];
            return (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
                  {l?.title}
                </Typography>
                {l?.subtitle_file_path && !compact && <LocalChip />}
                {l && !compact && <CommunityChip lyric={l} />}
                {l && <ConfidenceChip confidence={l.confidence} />}
                {inUse === Number(v) && <InUseChip testId="lyrics-in-use" />}
              </Box>
            );
          },
        },
      }}
    >
      {lyrics.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders; the index is the lyric's identity
        <MenuItem key={i} value={i} sx={{ gap: 1 }} data-testid="lyrics-option">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap>{l.title}</Typography>
            {l.subtitle_file_path && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {l.subtitle_file_path}
              </Typography>
            )}
          </Box>
          {l.subtitle_file_path && <LocalChip />}
          <CommunityChip lyric={l} />
          <ConfidenceChip confidence={l.confidence} />
          {inUse === i && <InUseChip />}
        </MenuItem>
      ))}
    </TextField>
  );
}
