import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Pagination as Page, Playlist } from '@sasayaki/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api/client.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { RequireLogin } from '../account/index.ts';

const FILTERS = ['all', 'created', 'liked'] as const;
const PAGE_SIZE = 24;

/** The user's playlists with the filter of spec §2.8: all, created by me, liked by me. */
export function PlaylistsList() {
  const { t } = useTranslation();
  const [filterBy, setFilterBy] = useState<(typeof FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['playlists', filterBy, page],
    queryFn: ({ signal }) =>
      api.get<{ playlists: Playlist[]; pagination: Page }>(
        '/api/playlist/get-playlists',
        { page, pageSize: PAGE_SIZE, filterBy },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const total = q.data?.pagination.totalCount ?? 0;
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filterBy}
        onChange={(_, v) => {
          if (v) {
            setFilterBy(v);
            setPage(1);
          }
        }}
        sx={{ mb: 2 }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f} value={f}>
            {t(`playlists.filter.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(auto-fill, minmax(200px, 1fr))',
          },
        }}
      >
        {q.isPending
          ? placeholders(8).map((k) => (
              <Skeleton key={k} variant="rounded" sx={{ aspectRatio: '1', height: 'auto' }} />
            ))
          : q.data?.playlists.map((p) => (
              <Card key={p.id} sx={{ border: 1, borderColor: 'divider' }}>
                <CardActionArea component={Link} to={`/playlist?id=${encodeURIComponent(p.id)}`}>
                  <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover' }}>
                    {p.mainCoverUrl && (
                      <img
                        src={p.mainCoverUrl}
                        alt=""
                        loading="lazy"
                        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    )}
                  </Box>
                  <Box sx={{ p: 1.25 }}>
                    <Typography sx={{ fontWeight: 700 }} noWrap>
                      {playlistDisplayName(p.name, t)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {t('works.playlist.worksCount', { count: p.works_count })} ·{' '}
                      {t(`playlists.privacy.${p.privacy}`)}
                    </Typography>
                  </Box>
                </CardActionArea>
              </Card>
            ))}
      </Box>
      {q.data && total === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
          {t('works.playlist.empty')}
        </Typography>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', my: 3 }}
          count={Math.ceil(total / PAGE_SIZE)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </>
  );
}

export function PlaylistsPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {t('playlists.title')}
      </Typography>
      <RequireLogin>
        <PlaylistsList />
      </RequireLogin>
    </Container>
  );
}
