/** Player controls shared by the footer bar and both full-player styles. */

import ArrowRightAltRounded from '@mui/icons-material/ArrowRightAltRounded';
import BedtimeRounded from '@mui/icons-material/BedtimeRounded';
import FastForwardRounded from '@mui/icons-material/FastForwardRounded';
import FastRewindRounded from '@mui/icons-material/FastRewindRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import QueueMusicRounded from '@mui/icons-material/QueueMusicRounded';
import RepeatOneRounded from '@mui/icons-material/RepeatOneRounded';
import RepeatRounded from '@mui/icons-material/RepeatRounded';
import ShuffleRounded from '@mui/icons-material/ShuffleRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import SkipPreviousRounded from '@mui/icons-material/SkipPreviousRounded';
import SubtitlesRounded from '@mui/icons-material/SubtitlesRounded';
import VolumeDownRounded from '@mui/icons-material/VolumeDownRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatClock } from '@sasayaki/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { useBookmarkMarks } from './Bookmarks.tsx';
import { currentTrack, MAX_VOLUME, SAFE_VOLUME, usePlayerStore } from './store.ts';
import type { PlayMode } from './types.ts';

type Size = 'small' | 'medium' | 'large';

function Action({ label, children, ...props }: { label: string; children: ReactNode } & IconButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} {...props}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function PlayPauseButton({ size = 'medium', filled = false }: { size?: Size; filled?: boolean }) {
  const { t } = useTranslation();
  const playing = usePlayerStore((s) => s.playing);
  const togglePlay = usePlayerStore((s) => s.togglePlay);
  const px = size === 'large' ? 64 : size === 'medium' ? 44 : 36;
  return (
    <IconButton
      aria-label={playing ? t('player.pause') : t('player.play')}
      data-testid="player-play-pause"
      onClick={togglePlay}
      sx={
        filled
          ? {
              width: px,
              height: px,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              boxShadow: 3,
              '&:hover': { bgcolor: 'primary.dark' },
            }
          : { width: px, height: px }
      }
    >
      {playing ? (
        <PauseRounded fontSize={size === 'small' ? 'medium' : 'large'} />
      ) : (
        <PlayArrowRounded fontSize={size === 'small' ? 'medium' : 'large'} />
      )}
    </IconButton>
  );
}

export function PreviousButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const disabled = usePlayerStore((s) => s.queueIndex <= 0);
  const previousTrack = usePlayerStore((s) => s.previousTrack);
  return (
    <Action
      label={t('player.previous')}
      data-testid="player-previous"
      disabled={disabled}
      onClick={previousTrack}
      size={size}
    >
      <SkipPreviousRounded />
    </Action>
  );
}

export function NextButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const disabled = usePlayerStore((s) => s.playMode !== 'shuffle' && s.queueIndex >= s.queue.length - 1);
  const nextTrack = usePlayerStore((s) => s.nextTrack);
  return (
    <Action
      label={t('player.next')}
      data-testid="player-next"
      disabled={disabled}
      onClick={nextTrack}
      size={size}
    >
      <SkipNextRounded />
    </Action>
  );
}

export function RewindButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const seconds = useSettings((s) => s.rewindSeekTime);
  const seekBy = usePlayerStore((s) => s.seekBy);
  return (
    <Action label={t('player.rewind', { seconds })} onClick={() => seekBy(-seconds)} size={size}>
      <FastRewindRounded />
    </Action>
  );
}

export function ForwardButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const seconds = useSettings((s) => s.forwardSeekTime);
  const seekBy = usePlayerStore((s) => s.seekBy);
  return (
    <Action label={t('player.forward', { seconds })} onClick={() => seekBy(seconds)} size={size}>
      <FastForwardRounded />
    </Action>
  );
}

/**
 * Previous, rewind, play/pause, forward and next, in that order: the transport of the footer bar
 * and both full-player styles. `compact` (the phone bar) keeps previous, play/pause and next.
 */
export function TransportControls({
  size,
  playSize = size,
  compact = false,
}: {
  size?: Size;
  /** The play/pause button's size; it stands out, filled, unless compact. */
  playSize?: Size;
  compact?: boolean;
}) {
  return (
    <>
      <PreviousButton size={size} />
      {!compact && <RewindButton size={size} />}
      <PlayPauseButton size={playSize} filled={!compact} />
      {!compact && <ForwardButton size={size} />}
      <NextButton size={size} />
    </>
  );
}

const MODE_ICONS: Record<PlayMode, ReactNode> = {
  order: <ArrowRightAltRounded />,
  allRepeat: <RepeatRounded />,
  repeatOnce: <RepeatOneRounded />,
  shuffle: <ShuffleRounded />,
};

export function PlayModeButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const mode = usePlayerStore((s) => s.playMode);
  const cycle = usePlayerStore((s) => s.cyclePlayMode);
  return (
    <Action
      label={t('player.mode.label', { mode: t(`player.mode.${mode}`) })}
      data-testid="player-mode"
      data-mode={mode}
      onClick={cycle}
      size={size}
      color={mode === 'order' ? 'default' : 'primary'}
    >
      {MODE_ICONS[mode]}
    </Action>
  );
}

export function QueueButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const count = usePlayerStore((s) => s.queue.length);
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  return (
    <Action
      label={t('player.queue')}
      data-testid="player-queue-button"
      onClick={() => setOverlay({ queueOpen: true })}
      size={size}
    >
      <Badge badgeContent={count} color="primary" max={99}>
        <QueueMusicRounded />
      </Badge>
    </Action>
  );
}

export function SleepButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const active = usePlayerStore((s) => s.sleepMode);
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  return (
    <Action
      label={t('player.sleep')}
      data-testid="player-sleep-button"
      onClick={() => setOverlay({ sleepDialogOpen: true })}
      size={size}
      color={active ? 'primary' : 'default'}
    >
      <Badge variant="dot" color="primary" invisible={!active}>
        <BedtimeRounded />
      </Badge>
    </Action>
  );
}

export function LyricsButton({ size }: { size?: Size }) {
  const { t } = useTranslation();
  const track = usePlayerStore((s) => currentTrack(s));
  const setOverlay = usePlayerStore((s) => s.setOverlay);
  const has = (track?.availableLyrics.length ?? 0) > 0;
  return (
    <Action
      label={t('player.lyrics')}
      data-testid="player-lyrics-button"
      disabled={!has}
      onClick={() => track && setOverlay({ lyricsPreviewTrack: track })}
      size={size}
      color={track && track.selectedLyricIndex >= 0 ? 'primary' : 'default'}
    >
      <SubtitlesRounded />
    </Action>
  );
}

export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function RateButton() {
  const { t } = useTranslation();
  const rate = usePlayerStore((s) => s.playbackRate);
  const setRate = usePlayerStore((s) => s.setPlaybackRate);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('player.rate')}>
        <Button
          size="small"
          color={rate === 1 ? 'inherit' : 'primary'}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('player.rate')}
          sx={{ minWidth: 48, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
        >
          {rate}×
        </Button>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {RATES.map((r) => (
          <MenuItem
            key={r}
            selected={r === rate}
            onClick={() => {
              setRate(r);
              setAnchor(null);
            }}
          >
            {r}×
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function VolumeControl({ width = 110 }: { width?: number }) {
  const { t } = useTranslation();
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  const setVolume = usePlayerStore((s) => s.setVolume);
  const toggleMute = usePlayerStore((s) => s.toggleMute);
  const icon =
    muted || volume === 0 ? <VolumeOffRounded /> : volume < 0.5 ? <VolumeDownRounded /> : <VolumeUpRounded />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Action label={muted ? t('player.unmute') : t('player.mute')} onClick={toggleMute} size="small">
        {icon}
      </Action>
      <Slider
        size="small"
        aria-label={t('player.volume')}
        data-testid="player-volume"
        value={muted ? 0 : volume}
        min={0}
        max={MAX_VOLUME}
        step={0.01}
        marks={[{ value: SAFE_VOLUME }]}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => `${Math.round(v * 100)}%`}
        onChange={(_, v) => setVolume(v as number)}
        sx={{
          width,
          color: volume > SAFE_VOLUME ? 'warning.main' : 'primary.main',
          '& .MuiSlider-mark': { height: 8, width: 2, bgcolor: 'text.secondary' },
        }}
      />
    </Box>
  );
}

/** Seek bar with the buffered range drawn behind the track, and optional times. */
export function SeekBar({ showTimes = true, dense = false }: { showTimes?: boolean; dense?: boolean }) {
  const { t } = useTranslation();
  const currentTime = usePlayerStore((s) => s.currentTime);
  const duration = usePlayerStore((s) => s.duration || currentTrack(s)?.duration || 0);
  const bufferedEnd = usePlayerStore((s) => s.bufferedEnd);
  const seek = usePlayerStore((s) => s.seek);
  const [dragging, setDragging] = useState<number | null>(null);
  const marks = useBookmarkMarks();
  const value = dragging ?? currentTime;
  const buffered = duration > 0 ? Math.min(100, (bufferedEnd / duration) * 100) : 0;
  const times = (
    <>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="player-time"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatClock(value)}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="player-duration"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatClock(duration)}
      </Typography>
    </>
  );
  return (
    <Box sx={{ width: '100%' }}>
      <Slider
        aria-label={t('player.seek')}
        data-testid="player-seek"
        size="small"
        min={0}
        max={Math.max(duration, 0.001)}
        step={0.1}
        marks={marks.length ? marks : undefined}
        value={Math.min(value, duration || value)}
        onChange={(_, v) => setDragging(v as number)}
        onChangeCommitted={(_, v) => {
          setDragging(null);
          seek(v as number);
        }}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => formatClock(v)}
        sx={(th) => ({
          py: dense ? '6px !important' : undefined,
          '& .MuiSlider-rail': {
            opacity: 1,
            background: `linear-gradient(to right, ${alpha(th.palette.primary.main, 0.38)} ${buffered}%, ${alpha(th.palette.text.primary, 0.14)} ${buffered}%)`,
          },
          '& .MuiSlider-thumb': { width: 12, height: 12, transition: 'none' },
          '& .MuiSlider-track': { transition: 'none' },
          // Bookmarks: a tall tick that stays visible over the played part.
          '& .MuiSlider-mark': {
            width: 3,
            height: 10,
            borderRadius: 1,
            bgcolor: th.palette.warning.main,
            opacity: 1,
          },
          '& .MuiSlider-markActive': { bgcolor: th.palette.warning.main, opacity: 1 },
        })}
      />
      {showTimes && <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: -0.5 }}>{times}</Box>}
    </Box>
  );
}

/** Current and total time side by side ("1:23 / 4:56"). */
export function TimeText() {
  const currentTime = usePlayerStore((s) => s.currentTime);
  const duration = usePlayerStore((s) => s.duration || currentTrack(s)?.duration || 0);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="player-times"
    >
      {formatClock(currentTime)} / {formatClock(duration)}
    </Typography>
  );
}
