import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { COVER_BOX, type Work } from '@sasayaki/contract';
import { useRef } from 'react';
import { webpCover } from '../../../shared/api/coverUrl.ts';
import { useNearViewport } from '../../../shared/ui/nearViewport.ts';
import { useRetryAfterOutage } from '../../../shared/ui/retryAfterOutage.ts';
import { DurationBadge } from './DurationBadge.tsx';

interface Props {
  work: Pick<
    Work,
    'title' | 'source_id' | 'nsfw' | 'samCoverUrl' | 'mainCoverUrl' | 'thumbnailCoverUrl' | 'duration'
  >;
  size?: 'main' | 'sam' | 'thumb';
  showCode?: boolean;
  /**
   * The width the cover is shown at (`<img sizes>`), for a cover in a card: the browser then takes
   * the small variant (`sam`, 300 px wide) where it is enough, and the main one (up to 1000 px)
   * on wider cards and denser screens. Without it the main cover is always sent (the work page).
   */
  sizes?: string;
}

/**
 * A work cover, as WebP (shared/api/coverUrl.ts), at a fixed 4:3 box (nothing jumps while it
 * loads). It loads once the box comes near the screen (shared/ui/nearViewport.ts), and again when
 * the server is back if it failed during an outage; a failed cover leaves the plain box rather
 * than a broken image. An nsfw cover is blurred on devices with a hover pointer until hovered
 * (docs/product.md §2.5).
 */
export function Cover({ work, size = 'main', showCode = true, sizes }: Props) {
  const src = webpCover(
    size === 'thumb' ? work.thumbnailCoverUrl : size === 'sam' ? work.samCoverUrl : work.mainCoverUrl,
  );
  const srcSet =
    size === 'main' && sizes && work.samCoverUrl && work.mainCoverUrl
      ? `${webpCover(work.samCoverUrl)} ${COVER_BOX.sam}w, ${webpCover(work.mainCoverUrl)} ${COVER_BOX.main}w`
      : undefined;
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const load = useRetryAfterOutage();
  return (
    <Box
      ref={box}
      data-testid="cover"
      data-nsfw={work.nsfw ? 'true' : undefined}
      sx={{
        position: 'relative',
        aspectRatio: size === 'thumb' ? '1 / 1' : '4 / 3',
        overflow: 'hidden',
        bgcolor: 'action.hover',
        '& img': { transition: 'filter 200ms, transform 300ms' },
        '@media (hover: hover)': {
          '&[data-nsfw] img': { filter: 'blur(14px)' },
          '&[data-nsfw]:hover img': { filter: 'none' },
          '&:hover img': { transform: 'scale(1.03)' },
        },
      }}
    >
      {src && near && (
        <img
          key={load.attempt}
          src={src}
          srcSet={srcSet}
          sizes={srcSet && sizes}
          alt={work.title}
          // Inserted only near the screen already; lazy still, as `sizes="auto"` needs it.
          loading="lazy"
          decoding="async"
          onError={load.onError}
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: 'block',
            visibility: load.failed ? 'hidden' : undefined,
          }}
        />
      )}
      {showCode && (
        <Chip
          label={work.source_id}
          size="small"
          sx={{
            position: 'absolute',
            left: 8,
            top: 8,
            bgcolor: 'rgba(0,0,0,0.6)',
            color: '#fff',
            fontWeight: 600,
            fontFamily: 'ui-monospace, monospace',
          }}
        />
      )}
      <Box sx={{ position: 'absolute', right: 8, bottom: 8 }}>
        <DurationBadge seconds={work.duration} />
      </Box>
    </Box>
  );
}
