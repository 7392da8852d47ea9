import AddIcon from '@mui/icons-material/Add';
import FavoriteIcon from '@mui/icons-material/Favorite';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { isGuest, RequireLogin, useAuth } from '../account/index.ts';
import { usePageClamp } from '../catalogue/index.ts';
import { PlaylistCover } from './PlaylistCover.tsx';
import { fetchPlaylists, type PlaylistFilter } from './playlistApi.ts';

const PlaylistDialog = lazy(async () => ({ default: (await import('./PlaylistDialog.tsx')).PlaylistDialog }));

const FILTERS: PlaylistFilter[] = ['all', 'created', 'liked'];
const PAGE_SIZE = 24;

/** The user's playlists with the filter all / created by me / liked by me, and a new-playlist button. */
export function PlaylistsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const guest = useAuth(isGuest);
  const me = useAuth((s) => s.user?.name ?? '');
  const [filterBy, setFilterBy] = useState<PlaylistFilter>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const q = useQuery({
    queryKey: ['playlists', filterBy, page],
    queryFn: ({ signal }) => fetchPlaylists(filterBy, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const total = q.data?.pagination.totalCount ?? 0;
  usePageClamp(page, PAGE_SIZE, q.isPlaceholderData ? undefined : q.data?.pagination.totalCount, setPage);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
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
        >
          {FILTERS.map((f) => (
            <ToggleButton key={f} value={f}>
              {t(`playlists.filter.${f}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {!guest && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('playlists.new')}
          </Button>
        )}
      </Box>
      {guest && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('playlists.guestCannotCreate')}
        </Alert>
      )}
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
        {q.isPending
          ? placeholders(8).map((k) => (
              <Skeleton key={k} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
            ))
          : q.data?.playlists.map((p) => (
              <Card key={p.id} sx={{ border: 1, borderColor: 'divider' }} data-testid="playlist-card">
                <CardActionArea component={Link} to={`/playlist?id=${encodeURIComponent(p.id)}`}>
                  <PlaylistCover playlist={p} />
                  <Box sx={{ p: 1.25 }}>
                    <Typography sx={{ fontWeight: 700 }} noWrap>
                      {playlistDisplayName(p.name, t)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {t('playlists.worksCount', { count: p.works_count })} ·{' '}
                      {t(`playlists.privacy.${p.privacy}`)}
                    </Typography>
                    {(p.user_name !== me || (p.likes_count ?? 0) > 0) && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                        noWrap
                      >
                        {p.user_name !== me && t('playlists.by', { name: p.user_name })}
                        {(p.likes_count ?? 0) > 0 && (
                          <>
                            <FavoriteIcon sx={{ fontSize: 12 }} color={p.liked ? 'error' : 'inherit'} />
                            {p.likes_count}
                          </>
                        )}
                      </Typography>
                    )}
                  </Box>
                </CardActionArea>
              </Card>
            ))}
      </Box>
      {q.data && !q.isPlaceholderData && total === 0 && (
        <EmptyState
          hint={t('playlists.empty')}
          action={guest ? undefined : { label: t('playlists.new'), onClick: () => setCreating(true) }}
        />
      )}
      {total > PAGE_SIZE && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', my: 3 }}
          count={Math.ceil(total / PAGE_SIZE)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
      {creating && (
        <Suspense fallback={null}>
          <PlaylistDialog
            mode="create"
            onClose={(saved) => {
              setCreating(false);
              if (!saved) return;
              void queryClient.invalidateQueries({ queryKey: ['playlists'] });
              void queryClient.invalidateQueries({ queryKey: ['playlists-with-work'] });
              navigate(`/playlist?id=${encodeURIComponent(saved.id)}`);
            }}
          />
        </Suspense>
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
