import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { call } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { ListPagination, nextListQuery, readListState, usePageClamp, WorksGrid } from '../catalogue/index.ts';
import { PlaylistsList } from '../playlists/index.ts';
import { activeTab, progressOf, TABS } from './tabs.ts';

/** My favourites: reviewed works, works by progress, and my playlists (login only, docs/product.md §2.2). */
export function FavouritesPage({ filter }: { filter: string | null }) {
  const { t } = useTranslation();
  const { progress } = useParams();
  const active = activeTab(filter, progress);
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const works = useQuery({
    queryKey: queryKeys.reviews.page(active, state.page, state.pageSize),
    queryFn: ({ signal }) =>
      call(
        'GET /api/review',
        {
          query: {
            order: 'updated_at',
            sort: 'desc',
            page: state.page,
            pageSize: state.pageSize,
            filter: progressOf(active),
          },
        },
        { signal },
      ),
    enabled: active !== 'folder',
    placeholderData: keepPreviousData,
  });
  usePageClamp(
    state.page,
    state.pageSize,
    works.isPlaceholderData ? undefined : works.data?.pagination.totalCount,
    (page) => setParams(nextListQuery({ page }), { replace: true }),
  );
  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('favourites.title')}
      </Typography>
      <Tabs value={active} variant="scrollable" scrollButtons="auto" sx={{ mb: 2 }}>
        {TABS.map(([key, to]) => (
          <Tab key={key} value={key} label={t(`favourites.${key}`)} component={Link} to={to} />
        ))}
      </Tabs>
      {active === 'folder' ? (
        <PlaylistsList />
      ) : (
        <>
          <WorksGrid works={works.data?.works ?? []} mode={state.mode} loading={works.isPending} />
          {works.data && !works.isPlaceholderData && works.data.pagination.totalCount === 0 && (
            <EmptyState
              title={t('common.end')}
              hint={
                active === 'review'
                  ? t('favourites.empty.review')
                  : t('favourites.empty.progress', { name: t(`favourites.${active}`) })
              }
              action={{ label: t('favourites.empty.browse'), to: '/works' }}
            />
          )}
          {(works.data?.pagination.totalCount ?? 0) > 0 && (
            <ListPagination
              page={state.page}
              pageSize={state.pageSize}
              total={works.data?.pagination.totalCount ?? 0}
              onPage={(page) => setParams(nextListQuery({ page }))}
              onPageSize={(pageSize) => setParams(nextListQuery({ pageSize }))}
            />
          )}
        </>
      )}
    </Container>
  );
}
