import CloseRounded from '@mui/icons-material/CloseRounded';
import MyLocationRounded from '@mui/icons-material/MyLocationRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Cue, formatClock, SUBTITLE_EXTENSIONS } from '@sasayaki/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LocalLyricRefusal,
  LYRIC_AUTO_SELECT_THRESHOLD,
  loadLyricLines,
  OFFSET_BUTTON,
  OFFSET_STEP,
  readLocalLyric,
  seekTimeOf,
  shiftOffset,
} from '../lyrics/index.ts';
import { PlayPauseButton } from './controls.tsx';
import { currentTrack, usePlayerStore } from './store.ts';
import { useCurrentLine } from './useAudioTime.ts';

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; lines: Cue[] };

function useLyricLines(lyric: Parameters<typeof loadLyricLines>[0] | undefined): Loaded {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!lyric) return;
    let live = true;
    setState({ status: 'loading' });
    loadLyricLines(lyric).then(
      (lines) => live && setState({ status: 'ready', lines }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [lyric]);
  return state;
}

const EMPTY: Cue[] = [];

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

/**
 * Lyrics preview (docs/product.md §2.8): a selector of the track's lyrics with confidence and an 'in use'
 * chip, clickable timed lines that seek, the current line highlighted (every 100 ms) and followed
 * unless the user scrolls, and the offset controls for the lyric in use or 'use this' for another.
 */
export function LyricsPreviewDialog() {
  const { t } = useTranslation();
  const previewed = usePlayerStore((s) => s.lyricsPreviewTrack);
  const playingTrack = usePlayerStore((s) => currentTrack(s));
  const offset = usePlayerStore((s) => s.subtitleOffset);
  const { setOverlay, selectLyric, seek, play, setSubtitleOffset, addLocalLyric } = usePlayerStore.getState();
  const fullScreen = useMediaQuery('(max-width: 599px)', { noSsr: true });
  // The queue's copy of the track knows the lyric in use, when the track is queued.
  const track = usePlayerStore((s) =>
    previewed ? (s.queue.find((q) => q.hash === previewed.hash) ?? previewed) : null,
  );
  const isCurrent = track !== null && playingTrack?.hash === track.hash;
  const [viewIndex, setViewIndex] = useState(0);
  const [follow, setFollow] = useState(true);
  const [offsetText, setOffsetText] = useState('0');
  const [refused, setRefused] = useState<{ name: string; reason: LocalLyricRefusal } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const hash = track?.hash;

  useEffect(() => {
    if (!hash) return;
    const selected = usePlayerStore.getState().lyricsPreviewTrack?.selectedLyricIndex ?? -1;
    const queued = usePlayerStore.getState().queue.find((q) => q.hash === hash);
    setViewIndex(Math.max(0, queued?.selectedLyricIndex ?? selected));
    setFollow(true);
    setRefused(null);
  }, [hash]);
  useEffect(() => setOffsetText(String(offset)), [offset]);

  const lyrics = track?.availableLyrics ?? [];
  const lyric = lyrics[viewIndex];
  const inUse = track !== null && track.selectedLyricIndex === viewIndex;
  const loaded = useLyricLines(lyric);
  const lines = loaded.status === 'ready' ? loaded.lines : EMPTY;
  const appliedOffset = inUse ? offset : 0;
  const active = useCurrentLine(lines, appliedOffset, isCurrent && lines.length > 0);

  useEffect(() => {
    if (!follow || active < 0) return;
    const list = listRef.current;
    const el = list?.querySelector<HTMLElement>(`[data-line="${active}"]`);
    if (!list || !el) return;
    list.scrollTo({ top: el.offsetTop - list.clientHeight / 2 + el.clientHeight / 2, behavior: 'smooth' });
  }, [active, follow]);

  const close = () => setOverlay({ lyricsPreviewTrack: null });
  const loadLocal = async (file: File | undefined) => {
    if (!file || !track) return;
    const read = readLocalLyric(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) {
      setRefused({ name: file.name, reason: read.reason });
      return;
    }
    setRefused(null);
    addLocalLyric(track.hash, read.lyric);
    setViewIndex(0);
    setFollow(true);
  };
  const clickLine = (line: Cue) => {
    if (!isCurrent) return;
    seek(seekTimeOf(line, appliedOffset));
    play();
    setFollow(true);
  };
  const commitOffset = (text: string) => {
    const v = Number(text);
    if (text.trim() !== '' && Number.isFinite(v)) setSubtitleOffset(v);
    else setOffsetText(String(offset));
  };

  return (
    <Dialog
      open={track !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="lyrics-dialog"
      slotProps={{ paper: { sx: { height: fullScreen ? '100%' : 'min(86vh, 760px)' } } }}
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" noWrap>
            {t('player.lyricsView.title')}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {track?.title}
          </Typography>
        </Box>
        {isCurrent && (
          <Box onClickCapture={() => setFollow(true)}>
            <PlayPauseButton size="small" />
          </Box>
        )}
        <IconButton aria-label={t('common.close')} onClick={close}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: 0 }}>
        {refused && (
          <Alert
            severity="error"
            onClose={() => setRefused(null)}
            sx={{ m: 2, mb: 0, overflowWrap: 'anywhere' }}
            data-testid="lyrics-local-error"
            data-reason={refused.reason}
          >
            {t(`player.lyricsView.localRefused.${refused.reason}`, { name: refused.name })}
          </Alert>
        )}
        {lyrics.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('player.lyricsView.none')}
          </Alert>
        ) : (
          <>
            <Box sx={{ px: 2, pt: 2 }}>
              <TextField
                select
                fullWidth
                size="small"
                label={t('player.lyricsView.select')}
                value={viewIndex}
                onChange={(e) => setViewIndex(Number(e.target.value))}
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
                          {/* On a phone the title needs the room; the options still say 'Local'. */}
                          {l?.subtitle_file_path && !fullScreen && <LocalChip />}
                          {l && <ConfidenceChip confidence={l.confidence} />}
                          {track?.selectedLyricIndex === Number(v) && (
                            <Chip
                              size="small"
                              color="primary"
                              label={t('player.lyricsView.inUse')}
                              data-testid="lyrics-in-use"
                            />
                          )}
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
                    <ConfidenceChip confidence={l.confidence} />
                    {track?.selectedLyricIndex === i && (
                      <Chip size="small" color="primary" label={t('player.lyricsView.inUse')} />
                    )}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {!isCurrent && (
              <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
                {t('player.lyricsView.notCurrent')}
              </Typography>
            )}
            <Box
              ref={listRef}
              data-testid="lyrics-lines"
              data-following={follow}
              onWheel={() => setFollow(false)}
              onTouchMove={() => setFollow(false)}
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
              {lines.map((line, i) => {
                const current = i === active;
                return (
                  <Box
                    // biome-ignore lint/suspicious/noArrayIndexKey: parsed lines never reorder; the index is their identity
                    key={i}
                    component="button"
                    type="button"
                    data-line={i}
                    data-testid="lyrics-line"
                    data-current={current}
                    disabled={!isCurrent}
                    onClick={() => clickLine(line)}
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
                      cursor: isCurrent ? 'pointer' : 'default',
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
                      {formatClock(seekTimeOf(line, appliedOffset))}
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
              })}
            </Box>
          </>
        )}
      </DialogContent>
      {track && (
        <DialogActions sx={{ px: 2, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
          {!follow && isCurrent && (
            <Tooltip title={t('player.lyricsView.follow')}>
              <IconButton
                aria-label={t('player.lyricsView.follow')}
                onClick={() => setFollow(true)}
                color="primary"
              >
                <MyLocationRounded />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('player.lyricsView.loadLocal')}>
            <IconButton component="label" aria-label={t('player.lyricsView.loadLocal')}>
              <UploadFileRounded />
              <input
                hidden
                type="file"
                accept={SUBTITLE_EXTENSIONS.map((e) => `.${e}`).join(',')}
                data-testid="lyrics-local-file"
                onChange={(e) => {
                  void loadLocal(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          {inUse && isCurrent && (
            <>
              <TextField
                type="number"
                size="small"
                label={t('player.lyricsView.offset')}
                value={offsetText}
                onChange={(e) => setOffsetText(e.target.value)}
                onBlur={(e) => commitOffset(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && commitOffset((e.target as HTMLInputElement).value)}
                slotProps={{ htmlInput: { step: OFFSET_STEP, 'data-testid': 'lyrics-offset' } }}
                sx={{ width: 150 }}
              />
              <ButtonGroup
                size="small"
                variant="outlined"
                sx={{ '& .MuiButton-root': { textTransform: 'none' } }}
              >
                <Button onClick={() => setSubtitleOffset(shiftOffset(offset, -OFFSET_BUTTON))}>
                  {t('player.lyricsView.minus')}
                </Button>
                <Button onClick={() => setSubtitleOffset(shiftOffset(offset, OFFSET_BUTTON))}>
                  {t('player.lyricsView.plus')}
                </Button>
                <Button onClick={() => setSubtitleOffset(0)} disabled={offset === 0}>
                  {t('player.lyricsView.reset')}
                </Button>
              </ButtonGroup>
            </>
          )}
          {lyric && !inUse && (
            <Button
              variant="contained"
              onClick={() => selectLyric(track.hash, viewIndex)}
              data-testid="lyrics-use-this"
            >
              {t('player.lyricsView.useThis')}
            </Button>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
}
