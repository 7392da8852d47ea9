import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PLAYLIST_PRIVACY } from '@sasayaki/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors.ts';
import {
  deletePlaylist,
  fetchPlaylist,
  fetchPlaylistWorks,
  likePlaylist,
} from '../../shared/api/playlistApi.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { isLoggedIn, openLoginDialog, useAuth } from '../account/index.ts';
import { ListPagination, nextListQuery, readListState, usePageClamp, WorksGrid } from '../catalogue/index.ts';
import { playlistDuration } from './duration.ts';
import { ShareButton } from './ShareButton.tsx';

const PlaylistDialog = lazy(async () => ({ default: (await import('./PlaylistDialog.tsx')).PlaylistDialog }));

/**
 * /playlist?id=: one playlist's works. The owner edits or deletes it (system playlists are only
 * edited, never renamed or deleted); another listener likes or unlikes it.
 */
export function PlaylistPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const state = readListState(params);
  const loggedIn = useAuth(isLoggedIn);
  const me = useAuth((s) => s.user?.name ?? null);
  // The quick-mark state of each card comes with the works (on Marked itself, every work is marked).
  const quickMark = useSettings((s) => s.quickMarkTargetPlaylist?.id ?? null);
  const withPlaylistStatus = loggedIn && quickMark !== null ? [quickMark] : [];
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const meta = useQuery({
    queryKey: queryKeys.playlistMeta.forViewer(id, me),
    queryFn: ({ signal }) => fetchPlaylist(id, signal),
    enabled: id !== '',
    retry: false,
  });
  const works = useQuery({
    queryKey: queryKeys.playlistWorks.page(id, state.page, state.pageSize, withPlaylistStatus),
    queryFn: ({ signal }) => fetchPlaylistWorks(id, state.page, state.pageSize, withPlaylistStatus, signal),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
  // Set once this page deleted its playlist: a re-read that answers 404 while the page is still
  // mounted must not send the owner to the not-found page instead of the list.
  const deleted = useRef(false);
  useEffect(() => {
    if (deleted.current) return;
    if (meta.error instanceof ApiError && meta.error.status === 404) navigate('/404', { replace: true });
  }, [meta.error, navigate]);
  usePageClamp(
    state.page,
    state.pageSize,
    works.isPlaceholderData ? undefined : works.data?.pagination.totalCount,
    (page) => setParams(nextListQuery({ page }), { replace: true }),
  );
  if (id === '') return <Navigate to="/404" replace />;

  const p = meta.data;
  const mine = !!p && loggedIn && p.user_name === me;
  const total = works.data?.pagination.totalCount ?? 0;
  const refreshLists = () =>
    Promise.all(
      [queryKeys.playlistMeta.all, queryKeys.playlists.all, queryKeys.playlistsWithWork.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );

  const toggleLike = async () => {
    if (!p) return;
    if (!loggedIn) return openLoginDialog();
    setBusy(true);
    try {
      await likePlaylist(p.id, !p.liked);
      notify({
        type: 'positive',
        message: t(p.liked ? 'playlists.unliked' : 'playlists.liked', {
          name: playlistDisplayName(p.name, t),
        }),
        timeout: 1500,
      });
      await refreshLists();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!p) return;
    setBusy(true);
    try {
      await deletePlaylist(p.id);
      deleted.current = true;
      notify({ type: 'positive', message: t('playlists.deleted', { name: playlistDisplayName(p.name, t) }) });
      const target = useSettings.getState().quickMarkTargetPlaylist;
      if (target?.id === p.id) useSettings.getState().set({ quickMarkTargetPlaylist: null });
      // Leave first and drop this playlist's cached data: re-reading it now would answer 404.
      navigate('/playlists', { replace: true });
      queryClient.removeQueries({ queryKey: queryKeys.playlistMeta.of(p.id) });
      queryClient.removeQueries({ queryKey: queryKeys.playlistWorks.of(p.id) });
      for (const queryKey of [queryKeys.playlists.all, queryKeys.playlistsWithWork.all])
        void queryClient.invalidateQueries({ queryKey });
    } catch {
      setBusy(false);
      setDialog(null);
    }
  };

  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      {p ? (
        <Box sx={{ mb: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              {playlistDisplayName(p.name, t)}
            </Typography>
            <Chip size="small" label={t(`playlists.privacy.${p.privacy}`)} />
          </Box>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            <span data-testid="playlist-owner">{t('playlists.by', { name: p.user_name })}</span> ·{' '}
            <span data-testid="playlist-works-count">
              {t('playlists.worksCount', { count: p.works_count })}
            </span>
            {p.total_duration !== undefined && p.works_count > 0 && (
              <>
                {' · '}
                <span data-testid="playlist-duration">{playlistDuration(p.total_duration, t)}</span>
              </>
            )}
            {(p.likes_count ?? 0) > 0 && ` · ${t('playlists.likesCount', { count: p.likes_count })}`}
          </Typography>
          {p.description && <Typography sx={{ mb: 1.5, whiteSpace: 'pre-wrap' }}>{p.description}</Typography>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {p.privacy !== PLAYLIST_PRIVACY.private && <ShareButton id={p.id} />}
            {mine ? (
              <>
                <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
                  {t('playlists.edit')}
                </Button>
                {!p.is_system && (
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setDialog('delete')}
                  >
                    {t('common.delete')}
                  </Button>
                )}
              </>
            ) : (
              <Button
                variant={p.liked ? 'contained' : 'outlined'}
                color="secondary"
                startIcon={p.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
                onClick={toggleLike}
                disabled={busy}
                aria-pressed={!!p.liked}
              >
                {p.liked ? t('playlists.unlike') : t('playlists.like')}
              </Button>
            )}
          </Box>
        </Box>
      ) : (
        <Skeleton width={300} height={48} />
      )}
      <WorksGrid works={works.data?.works ?? []} mode={state.mode} loading={works.isPending} />
      {works.data && !works.isPlaceholderData && total === 0 && (
        <EmptyState hint={t('playlists.noWorks')} action={{ label: t('playlists.browse'), to: '/works' }} />
      )}
      {total > 0 && (
        <ListPagination
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          onPage={(page) => setParams(nextListQuery({ page }))}
          onPageSize={(pageSize) => setParams(nextListQuery({ pageSize }))}
        />
      )}
      {dialog === 'edit' && p && (
        <Suspense fallback={null}>
          <PlaylistDialog
            mode="edit"
            playlist={p}
            onClose={(saved) => {
              setDialog(null);
              if (saved) void refreshLists();
            }}
          />
        </Suspense>
      )}
      <Dialog open={dialog === 'delete'} onClose={() => setDialog(null)} maxWidth="xs">
        <DialogTitle>{t('playlists.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Typography>
            {t('playlists.deleteConfirm', { name: p ? playlistDisplayName(p.name, t) : '', count: total })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" color="error" onClick={remove} disabled={busy}>
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
