import MusicNoteRounded from '@mui/icons-material/MusicNoteRounded';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { coverOf } from './media.ts';
import type { QueueTrack } from './types.ts';

/** A track's work cover, or a music-note tile when there is none (or it fails to load). */
export function Cover({
  track,
  size,
  radius = 1.5,
  large = false,
}: {
  track: QueueTrack | undefined;
  size: number | string;
  radius?: number;
  large?: boolean;
}) {
  const src = coverOf(track, large ? 'large' : 'small');
  const [failed, setFailed] = useState<string | null>(null);
  const show = src !== '' && failed !== src;
  return (
    <Box
      sx={{
        width: size,
        height: typeof size === 'number' ? size : 'auto',
        aspectRatio: '1 / 1',
        flexShrink: 0,
        borderRadius: radius,
        overflow: 'hidden',
        bgcolor: 'action.selected',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
      }}
    >
      {show ? (
        <Box
          component="img"
          src={src}
          alt=""
          onError={() => setFailed(src)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <MusicNoteRounded sx={{ fontSize: typeof size === 'number' ? size * 0.45 : 48 }} />
      )}
    </Box>
  );
}
