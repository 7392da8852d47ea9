import Box from '@mui/material/Box';
import type { Work } from '@sasayaki/contract';
import { webpCover } from '../../shared/api/coverUrl.ts';
import { useRetryAfterOutage } from '../../shared/ui/retryAfterOutage.ts';

/** A work's small square cover (the 240×240 thumbnail), tried again after an outage. */
export function WorkThumb({ work, size }: { work: Work; size: number }) {
  const load = useRetryAfterOutage();
  return (
    <Box
      component="img"
      key={load.attempt}
      onError={load.onError}
      src={webpCover(work.thumbnailCoverUrl)}
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
