import FavoriteIcon from '@mui/icons-material/Favorite';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@sasayaki/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { PlaylistCover } from './PlaylistCover.tsx';

/** The link of a playlist's page. */
export const playlistPath = (id: string) => `/playlist?id=${encodeURIComponent(id)}`;

/** One playlist of a list: mosaic, name, works and privacy, owner (when not `me`) and likes. */
export function PlaylistCard({ playlist: p, me }: { playlist: Playlist; me: string | null }) {
  const { t } = useTranslation();
  const likes = p.likes_count ?? 0;
  return (
    <Card sx={{ border: 1, borderColor: 'divider' }} data-testid="playlist-card">
      <CardActionArea component={Link} to={playlistPath(p.id)}>
        <PlaylistCover playlist={p} />
        <Box sx={{ p: 1.25 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {playlistDisplayName(p.name, t)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('playlists.worksCount', { count: p.works_count })} · {t(`playlists.privacy.${p.privacy}`)}
          </Typography>
          {(p.user_name !== me || likes > 0) && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              noWrap
            >
              {p.user_name !== me && t('playlists.by', { name: p.user_name })}
              {likes > 0 && (
                <>
                  <FavoriteIcon sx={{ fontSize: 12 }} color={p.liked ? 'error' : 'inherit'} />
                  <span data-testid="playlist-likes">{likes}</span>
                </>
              )}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** The grid of playlist cards, with placeholders while the first page loads. */
export function PlaylistGrid({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(auto-fill, minmax(180px, 1fr))',
        },
      }}
    >
      {loading
        ? placeholders(8).map((k) => (
            <Skeleton key={k} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
          ))
        : children}
    </Box>
  );
}
