import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type Cue, formatClock } from '@sasayaki/contract';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { seekTimeOf } from '../../lyrics/index.ts';
import type { LoadedLines } from './useLyricLines.ts';

/** Keeps the current line in the middle of the list while it is followed. */
function useCenteredLine(listRef: RefObject<HTMLDivElement | null>, active: number, follow: boolean) {
  useEffect(() => {
    if (!follow || active < 0) return;
    const list = listRef.current;
    const el = list?.querySelector<HTMLElement>(`[data-line="${active}"]`);
    if (!list || !el) return;
    list.scrollTo({ top: el.offsetTop - list.clientHeight / 2 + el.clientHeight / 2, behavior: 'smooth' });
  }, [listRef, active, follow]);
}

/** One timed line: its time (with the offset applied) and its text; a button that seeks. */
function TimedLine({
  line,
  index,
  current,
  seekable,
  offset,
  onSeek,
}: {
  line: Cue;
  index: number;
  current: boolean;
  seekable: boolean;
  offset: number;
  onSeek: (line: Cue) => void;
}) {
  return (
    <Box
      component="button"
      type="button"
      data-line={index}
      data-testid="lyrics-line"
      data-current={current}
      disabled={!seekable}
      onClick={() => onSeek(line)}
      sx={{
        display: 'flex',
        gap: 1.5,
        width: '100%',
        minWidth: 0,
        textAlign: 'left',
        border: 0,
        font: 'inherit',
        color: current ? 'primary.main' : 'text.primary',
        bgcolor: current ? 'action.selected' : 'transparent',
        borderRadius: 1,
        px: 1.5,
        py: 0.75,
        cursor: seekable ? 'pointer' : 'default',
        transition: 'background-color 120ms, color 120ms',
        '&:hover:enabled': { bgcolor: 'action.hover' },
        '&:disabled': { color: current ? 'primary.main' : 'text.primary' },
      }}
    >
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 44, pt: 0.25 }}
      >
        {formatClock(seekTimeOf(line, offset))}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{
          whiteSpace: 'pre-line',
          // A line without spaces (a URL, a run of kana) breaks anywhere rather than
          // widening the dialog.
          overflowWrap: 'anywhere',
          minWidth: 0,
          flex: 1,
          fontWeight: current ? 700 : 400,
          fontSize: current ? '1.02rem' : undefined,
        }}
      >
        {line.text || '♪'}
      </Typography>
    </Box>
  );
}

/**
 * The previewed lyric's lines, or why there are none: the current one highlighted and, while
 * followed, scrolled to; scrolling by hand stops following.
 */
export function TimedLines({
  loaded,
  active,
  follow,
  seekable,
  offset,
  onSeek,
  onScrolledByHand,
}: {
  loaded: LoadedLines;
  /** Index of the current line, -1 for none. */
  active: number;
  follow: boolean;
  /** The lyric is the current track's, so a line seeks to its time. */
  seekable: boolean;
  /** Seconds the lines are shifted by (the offset of the lyric in use). */
  offset: number;
  onSeek: (line: Cue) => void;
  onScrolledByHand: () => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  useCenteredLine(listRef, active, follow);
  const lines = loaded.status === 'ready' ? loaded.lines : [];
  return (
    <Box
      ref={listRef}
      data-testid="lyrics-lines"
      data-following={follow}
      onWheel={onScrolledByHand}
      onTouchMove={onScrolledByHand}
      sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', position: 'relative', px: 1, pb: 2 }}
    >
      {loaded.status === 'loading' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, color: 'text.secondary' }}>
          <CircularProgress size={18} /> {t('player.lyricsView.loading')}
        </Box>
      )}
      {loaded.status === 'error' && <Alert severity="error">{t('player.lyricsView.error')}</Alert>}
      {loaded.status === 'ready' && lines.length === 0 && (
        <Alert severity="warning">{t('player.lyricsView.empty')}</Alert>
      )}
      {lines.map((line, i) => (
        <TimedLine
          // biome-ignore lint/suspicious/noArrayIndexKey: parsed lines never reorder; the index is their identity
          key={i}
          line={line}
          index={i}
          current={i === active}
          seekable={seekable}
          offset={offset}
          onSeek={onSeek}
        />
      ))}
    </Box>
  );
}
