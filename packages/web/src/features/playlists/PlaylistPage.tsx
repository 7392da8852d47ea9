import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Playlist, WorkList } from '@sasayaki/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { ListPagination, nextListQuery, readListState, WorksGrid } from '../catalogue/index.ts';

/** /playlist?id=: one playlist's metadata and works. */
export function PlaylistPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const state = readListState(params);
  const meta = useQuery({
    queryKey: ['playlist-meta', id],
    queryFn: async ({ signal }) => {
      const r = await api.get<{ data?: Playlist } & Partial<Playlist>>(
        '/api/playlist/get-playlist-metadata',
        { id },
        { signal, silent: true },
      );
      return (r.data ?? r) as Playlist;
    },
    enabled: id !== '',
    retry: false,
  });
  const works = useQuery({
    queryKey: ['playlist-works', id, state.page, state.pageSize],
    queryFn: ({ signal }) =>
      api.get<WorkList>(
        '/api/playlist/get-playlist-works',
        { id, page: state.page, pageSize: state.pageSize },
        { signal },
      ),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (meta.error instanceof ApiError && meta.error.status === 404) navigate('/404', { replace: true });
  }, [meta.error, navigate]);
  if (id === '') return <Navigate to="/404" replace />;
  const total = works.data?.pagination.totalCount ?? 0;
  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      {meta.data ? (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {playlistDisplayName(meta.data.name, t)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('playlists.by', { name: meta.data.user_name })} ·{' '}
            {t('works.playlist.worksCount', { count: total })}
          </Typography>
          {meta.data.description && (
            <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>{meta.data.description}</Typography>
          )}
        </>
      ) : (
        <Skeleton width={300} height={48} />
      )}
      <WorksGrid works={works.data?.works ?? []} mode={state.mode} loading={works.isPending} />
      {works.data && total === 0 && (
        <Typography align="center" color="text.secondary" sx={{ py: 6, letterSpacing: 4, fontWeight: 700 }}>
          {t('common.end')}
        </Typography>
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
    </Container>
  );
}
