import CloseRounded from '@mui/icons-material/CloseRounded';
import MyLocationRounded from '@mui/icons-material/MyLocationRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Cue } from '@sasayaki/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { type LocalLyricRefusal, readLocalLyric, seekTimeOf } from '../../lyrics/index.ts';
import { PlayPauseButton } from '../controls.tsx';
import { currentTrack, usePlayerStore } from '../store.ts';
import { useCurrentLine } from '../useAudioTime.ts';
import { LocalLyricButton } from './LocalLyricButton.tsx';
import { LyricChoice } from './LyricChoice.tsx';
import { OffsetControls } from './OffsetControls.tsx';
import { TimedLines } from './TimedLines.tsx';
import { useLyricLines } from './useLyricLines.ts';

const EMPTY: Cue[] = [];

/** The previewed track, and whether it is the one playing. */
function usePreviewedTrack() {
  const previewed = usePlayerStore((s) => s.lyricsPreviewTrack);
  const playingTrack = usePlayerStore((s) => currentTrack(s));
  // The queue's copy of the track knows the lyric in use, when the track is queued.
  const track = usePlayerStore((s) =>
    previewed ? (s.queue.find((q) => q.hash === previewed.hash) ?? previewed) : null,
  );
  return { track, isCurrent: track !== null && playingTrack?.hash === track.hash };
}

/**
 * Lyrics preview (docs/product.md §2.8): a selector of the track's lyrics with confidence and an 'in use'
 * chip, clickable timed lines that seek, the current line highlighted (every 100 ms) and followed
 * unless the user scrolls, and the offset controls for the lyric in use or 'use this' for another.
 */
export function LyricsPreviewDialog() {
  const { t } = useTranslation();
  const { track, isCurrent } = usePreviewedTrack();
  const offset = usePlayerStore((s) => s.subtitleOffset);
  const { setOverlay, selectLyric, seek, play, addLocalLyric } = usePlayerStore.getState();
  const fullScreen = useMediaQuery('(max-width: 599px)', { noSsr: true });
  const [viewIndex, setViewIndex] = useState(0);
  const [follow, setFollow] = useState(true);
  const [refused, setRefused] = useState<{ name: string; reason: LocalLyricRefusal } | null>(null);
  const hash = track?.hash;

  // Another track starts at the lyric it uses, followed, without an earlier refusal.
  useEffect(() => {
    if (!hash) return;
    const selected = usePlayerStore.getState().lyricsPreviewTrack?.selectedLyricIndex ?? -1;
    const queued = usePlayerStore.getState().queue.find((q) => q.hash === hash);
    setViewIndex(Math.max(0, queued?.selectedLyricIndex ?? selected));
    setFollow(true);
    setRefused(null);
  }, [hash]);

  const lyrics = track?.availableLyrics ?? [];
  const lyric = lyrics[viewIndex];
  const inUse = track !== null && track.selectedLyricIndex === viewIndex;
  const loaded = useLyricLines(lyric);
  const lines = loaded.status === 'ready' ? loaded.lines : EMPTY;
  const appliedOffset = inUse ? offset : 0;
  const active = useCurrentLine(lines, appliedOffset, isCurrent && lines.length > 0);

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
  const seekTo = (line: Cue) => {
    if (!isCurrent) return;
    seek(seekTimeOf(line, appliedOffset));
    play();
    setFollow(true);
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
        {track === null || lyrics.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('player.lyricsView.none')}
          </Alert>
        ) : (
          <>
            <Box sx={{ px: 2, pt: 2 }}>
              <LyricChoice
                lyrics={lyrics}
                shown={viewIndex}
                inUse={track.selectedLyricIndex}
                compact={fullScreen}
                onShow={setViewIndex}
              />
            </Box>
            {!isCurrent && (
              <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
                {t('player.lyricsView.notCurrent')}
              </Typography>
            )}
            <TimedLines
              loaded={loaded}
              active={active}
              follow={follow}
              seekable={isCurrent}
              offset={appliedOffset}
              onSeek={seekTo}
              onScrolledByHand={() => setFollow(false)}
            />
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
          <LocalLyricButton onFile={(file) => void loadLocal(file)} />
          <Box sx={{ flex: 1 }} />
          {inUse && isCurrent && <OffsetControls />}
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
