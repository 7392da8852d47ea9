import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { fetchPlaylists, type PlaylistFilter } from '../../shared/api/playlistApi.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { isGuest, isLoggedIn, RequireLogin, useAuth } from '../account/index.ts';
import { usePageClamp } from '../catalogue/index.ts';
import { PlaylistCard, PlaylistGrid, playlistPath } from './PlaylistCard.tsx';
import { PlaylistTabs } from './PlaylistTabs.tsx';

const PlaylistDialog = lazy(async () => ({ default: (await import('./PlaylistDialog.tsx')).PlaylistDialog }));

const FILTERS: PlaylistFilter[] = ['all', 'created', 'liked'];
const PAGE_SIZE = 24;

/** The user's playlists with the filter all / created by me / liked by me, and a new-playlist button. */
export function PlaylistsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const guest = useAuth(isGuest);
  const me = useAuth((s) => s.user?.name ?? null);
  const [filterBy, setFilterBy] = useState<PlaylistFilter>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const q = useQuery({
    queryKey: queryKeys.playlists.page(filterBy, page),
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
      <PlaylistGrid loading={q.isPending}>
        {q.data?.playlists.map((p) => (
          <PlaylistCard key={p.id} playlist={p} me={me} />
        ))}
      </PlaylistGrid>
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
              void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
              void queryClient.invalidateQueries({ queryKey: queryKeys.playlistsWithWork.all });
              navigate(playlistPath(saved.id));
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export function PlaylistsPage() {
  const { t } = useTranslation();
  const loggedIn = useAuth(isLoggedIn);
  const checking = useAuth((s) => s.checking);
  // A signed-out visitor has no playlists of their own: the public ones are what they came for.
  if (!loggedIn && !checking) return <Navigate to="/playlists/discover" replace />;
  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('playlists.title')}
      </Typography>
      <PlaylistTabs current="mine" />
      <RequireLogin>
        <PlaylistsList />
      </RequireLogin>
    </Container>
  );
}
