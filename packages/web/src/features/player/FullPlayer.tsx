import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import type { TransitionProps } from '@mui/material/transitions';
import { forwardRef, type ReactElement, type Ref } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { AddBookmarkButton, TrackBookmarks } from './Bookmarks.tsx';
import { Cover } from './Cover.tsx';
import {
  LyricsButton,
  PlayModeButton,
  QueueButton,
  RateButton,
  SeekBar,
  SleepButton,
  TransportControls,
  VolumeControl,
} from './controls.tsx';
import { coverOf } from './media.ts';
import { currentTrack, usePlayerStore } from './store.ts';
import type { QueueTrack } from './types.ts';
import { useCurrentLine } from './useAudioTime.ts';

const SlideUp = forwardRef(function SlideUp(
  props: TransitionProps & { children: ReactElement },
  ref: Ref<unknown>,
) {
  return <Slide direction="up" ref={ref} {...props} />;
});

/** The current lyric line, large, with the previous and next lines dimmed (new style). */
function LyricLines() {
  const lines = usePlayerStore((s) => s.lrcLines);
  const offset = usePlayerStore((s) => s.subtitleOffset);
  const index = useCurrentLine(lines, offset, lines.length > 0);
  if (lines.length === 0) return null;
  const at = (i: number) => lines[i]?.text ?? '';
  return (
    <Box
      data-testid="full-player-lyrics"
      sx={{ textAlign: 'center', minHeight: 96, display: 'grid', alignContent: 'center', gap: 0.5 }}
    >
      <Typography variant="body2" sx={{ opacity: 0.45 }} noWrap>
        {index > 0 ? at(index - 1) : '\u00a0'}
      </Typography>
      <Typography
        variant="h6"
        color="primary"
        sx={{ fontWeight: 700, whiteSpace: 'pre-line', lineHeight: 1.35 }}
      >
        {index >= 0 ? at(index) || '♪' : '♪'}
      </Typography>
      <Typography variant="body2" sx={{ opacity: 0.45 }} noWrap>
        {at(index + 1) || '\u00a0'}
      </Typography>
    </Box>
  );
}

function Titles({ track, align }: { track: QueueTrack; align: 'center' | 'left' }) {
  return (
    <Box sx={{ textAlign: align, minWidth: 0 }}>
      <Typography
        variant="h6"
        sx={{ fontWeight: 700, lineHeight: 1.3, wordBreak: 'break-word' }}
        data-testid="full-player-title"
      >
        {track.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {track.workTitle}
      </Typography>
      {track.work.circle?.name && (
        <Typography variant="caption" color="text.secondary">
          {track.work.circle.name}
        </Typography>
      )}
    </Box>
  );
}

/** New style: a blurred cover backdrop, a large cover, the lyric lines and centred controls. */
function NewStyle({ track }: { track: QueueTrack }) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        sx={{
          position: 'relative',
          maxWidth: 560,
          mx: 'auto',
          px: 3,
          pt: 1,
          pb: 4,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          gap: 2.5,
        }}
      >
        <Box
          sx={{
            alignSelf: 'center',
            width: 'min(72vw, 34vh, 360px)',
            boxShadow: 12,
            borderRadius: 3,
            overflow: 'hidden',
          }}
        >
          <Cover track={track} size="100%" radius={3} large />
        </Box>
        <Titles track={track} align="center" />
        <LyricLines />
        <SeekBar />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <PlayModeButton />
          <TransportControls playSize="large" />
          <QueueButton />
        </Box>
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <VolumeControl width={140} />
          <RateButton />
          <SleepButton />
          <LyricsButton />
          <AddBookmarkButton />
        </Box>
        <TrackBookmarks />
      </Box>
    </Box>
  );
}

/** Classic style: a plain card, cover beside the titles, controls in rows, the queue underneath. */
function ClassicStyle({ track }: { track: QueueTrack }) {
  const queue = usePlayerStore((s) => s.queue);
  const queueIndex = usePlayerStore((s) => s.queueIndex);
  const setTrack = usePlayerStore((s) => s.setTrack);
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
        <Box
          sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexDirection: { xs: 'column', sm: 'row' } }}
        >
          <Cover track={track} size={180} radius={1} large />
          <Box sx={{ flex: 1, minWidth: 0, width: '100%', display: 'grid', gap: 1 }}>
            <Titles track={track} align="left" />
            <LyricLines />
          </Box>
        </Box>
        <SeekBar />
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <TransportControls playSize="medium" />
        </Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <VolumeControl width={120} />
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <PlayModeButton />
            <RateButton />
            <SleepButton />
            <LyricsButton />
            <AddBookmarkButton />
            <QueueButton />
          </Box>
        </Box>
        <TrackBookmarks />
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {queue.map((q, i) => (
          <Box
            key={q.queueKey ?? q.hash}
            component="button"
            type="button"
            onClick={() => setTrack(i)}
            sx={{
              display: 'flex',
              gap: 2,
              width: '100%',
              border: 0,
              borderBottom: 1,
              borderColor: 'divider',
              textAlign: 'left',
              font: 'inherit',
              px: 2,
              py: 1.25,
              cursor: 'pointer',
              bgcolor: i === queueIndex ? 'action.selected' : 'transparent',
              color: i === queueIndex ? 'primary.main' : 'text.primary',
              '&:hover': { bgcolor: 'action.hover' },
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ minWidth: 24, fontVariantNumeric: 'tabular-nums' }}
            >
              {i + 1}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              noWrap
              sx={{ flex: 1, fontWeight: i === queueIndex ? 700 : 400 }}
            >
              {q.title}
            </Typography>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

/** The new style's backdrop: the cover, blurred and faint, behind the whole view. */
function Backdrop({ track }: { track: QueueTrack }) {
  const cover = coverOf(track, 'large');
  if (!cover) return null;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: -60,
        backgroundImage: `url("${cover}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        filter: 'blur(60px) saturate(1.4)',
        opacity: (th) => (th.palette.mode === 'dark' ? 0.35 : 0.25),
        pointerEvents: 'none',
      }}
    />
  );
}

/** The full player view in the style of the `playerStyle` setting. */
export function FullPlayer() {
  const { t } = useTranslation();
  const open = usePlayerStore((s) => s.fullPlayerOpen);
  const track = usePlayerStore((s) => currentTrack(s));
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  const style = useSettings((s) => s.playerStyle);
  const close = () => setOverlay({ fullPlayerOpen: false });
  return (
    <Dialog
      fullScreen
      open={open && track !== undefined}
      onClose={close}
      slots={{ transition: SlideUp }}
      data-testid="full-player"
      data-style={style}
      slotProps={{ paper: { sx: { overflow: 'hidden', backgroundImage: 'none' } } }}
    >
      {track && style !== 'classic' && <Backdrop track={track} />}
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 0.5, position: 'relative', zIndex: 1 }}>
        <IconButton aria-label={t('player.collapse')} onClick={close} data-testid="full-player-close">
          <KeyboardArrowDownRounded fontSize="large" />
        </IconButton>
        <Typography
          variant="subtitle2"
          color="text.secondary"
          noWrap
          sx={{ flex: 1, textAlign: 'center', pr: 6 }}
        >
          {track?.workTitle}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', position: 'relative' }}>
        {track && (style === 'classic' ? <ClassicStyle track={track} /> : <NewStyle track={track} />)}
      </Box>
    </Dialog>
  );
}
