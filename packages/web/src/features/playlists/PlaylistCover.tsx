import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import type { Playlist } from '@sasayaki/contract';
import { webpCover } from '../../shared/api/coverUrl.ts';

/** A playlist's cover: a mosaic of its newest works' covers (one cover fills it; none, an icon). */
export function PlaylistCover({
  playlist,
}: {
  playlist: Pick<Playlist, 'mosaicCoverUrls' | 'mainCoverUrl'>;
}) {
  const urls = playlist.mosaicCoverUrls?.length
    ? playlist.mosaicCoverUrls
    : playlist.mainCoverUrl
      ? [playlist.mainCoverUrl]
      : [];
  const tiles = urls.length >= 4 ? urls.slice(0, 4) : urls.slice(0, 1);
  return (
    <Box
      data-testid="playlist-cover"
      sx={{
        aspectRatio: '1',
        bgcolor: 'action.hover',
        display: 'grid',
        gridTemplateColumns: tiles.length === 4 ? '1fr 1fr' : '1fr',
        overflow: 'hidden',
      }}
    >
      {tiles.length === 0 ? (
        <Box sx={{ display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
          <QueueMusicIcon sx={{ fontSize: 56 }} />
        </Box>
      ) : (
        tiles.map((u) => (
          <img
            key={u}
            src={webpCover(u)}
            alt=""
            loading="lazy"
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', minHeight: 0 }}
          />
        ))
      )}
    </Box>
  );
}
