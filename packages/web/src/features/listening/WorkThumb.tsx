import Box from '@mui/material/Box';
import type { Work } from '@sasayaki/contract';

/** A work's small square cover (the 240×240 thumbnail). */
export function WorkThumb({ work, size }: { work: Work; size: number }) {
  return (
    <Box
      component="img"
      src={work.thumbnailCoverUrl}
      alt=""
      loading="lazy"
      sx={{
        width: size,
        height: size,
        borderRadius: 1,
        objectFit: 'cover',
        display: 'block',
        bgcolor: 'action.hover',
        flexShrink: 0,
      }}
    />
  );
}
