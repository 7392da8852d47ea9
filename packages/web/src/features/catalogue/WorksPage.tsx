import DetailIcon from '@mui/icons-material/ViewAgenda';
import ListIcon from '@mui/icons-material/ViewList';
import CompactIcon from '@mui/icons-material/ViewModule';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { isGuest, useAuth } from '../account/index.ts';
import { ContinueRow } from '../listening/index.ts';
import { removeTermAt } from '../search/index.ts';
import type { WorkSource } from './fetchWorks.ts';
import { HomeSwipers } from './HomeSwipers.tsx';
import { ListPagination } from './ListPagination.tsx';
import { legacyParam, resolveLegacy } from './legacyParams.ts';
import { usePageClamp } from './pageClamp.ts';
import { TermChips } from './TermChips.tsx';
import {
  type DisplayMode,
  type ListState,
  nextListQuery,
  readListState,
  SORT_OPTIONS,
  sortKey,
} from './urlState.ts';
import { useWorkList } from './useWorkList.ts';
import { WorksGrid } from './WorksGrid.tsx';

/** /works, /popular and /recommend (docs/product.md §2.4). */
export function WorksPage({ source }: { source: WorkSource }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = readListState(params);
  const legacy = legacyParam(params);
  const guest = useAuth((s) => isGuest(s));
  const list = useWorkList(source, state, legacy === null);

  useEffect(() => {
    if (!legacy) return;
    let alive = true;
    void resolveLegacy(params).then((to) => alive && to && navigate(to, { replace: true }));
    return () => {
      alive = false;
    };
  }, [legacy, params, navigate]);

  const update = (patch: Partial<ListState>) => {
    setParams(nextListQuery(patch));
    if (patch.page !== undefined) window.scrollTo({ top: 0 });
  };

  const total = list.data?.pagination.totalCount ?? 0;
  // Only the answer to this very page tells its total; a previous page's data does not.
  usePageClamp(
    state.page,
    state.pageSize,
    list.isPlaceholderData ? undefined : list.data?.pagination.totalCount,
    (page) => setParams(nextListQuery({ page }), { replace: true }),
  );
  const works = list.data?.works ?? [];
  const home = source === 'works' && state.page === 1 && state.keyword === '';
  const heading = state.keyword ? t('works.titles.search') : t(`works.titles.${source}`);
  const sortable = source === 'works';

  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      {list.isFetching && (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} />
      )}
      {home && <ContinueRow />}
      {home && <HomeSwipers subtitle={state.subtitle} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {heading}
        </Typography>
        <Typography color="text.secondary" data-testid="works-total" sx={{ minWidth: 80 }}>
          {list.data ? t('works.total', { count: total }) : '\u00a0'}
        </Typography>
      </Box>
      {state.keyword && (
        <Box sx={{ mb: 1.5 }}>
          <TermChips
            keyword={state.keyword}
            onRemove={(i) => update({ keyword: removeTermAt(state.keyword, i) })}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        {sortable && (
          <TextField
            select
            size="small"
            label={t('works.sortLabel')}
            value={sortKey(state)}
            onChange={(e) => {
              const o = SORT_OPTIONS.find((x) => sortKey(x) === e.target.value);
              if (o) update({ order: o.order, sort: o.sort });
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'sort-select' } }}
          >
            {SORT_OPTIONS.map((o) => (
              <MenuItem key={sortKey(o)} value={sortKey(o)}>
                {t(`works.sorts.${sortKey(o)}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {i18n.language === 'zh-CN' && (
          <FormControlLabel
            control={
              <Checkbox checked={state.subtitle} onChange={(e) => update({ subtitle: e.target.checked })} />
            }
            label={t('works.translatedOnly')}
          />
        )}
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={state.mode}
          onChange={(_, m: DisplayMode | null) => m && update({ mode: m })}
          aria-label={t('works.modes.label')}
        >
          {(
            [
              ['detail', <DetailIcon key="d" />],
              ['compact', <CompactIcon key="c" />],
              ['list', <ListIcon key="l" />],
            ] as const
          ).map(([m, icon]) => (
            <ToggleButton key={m} value={m} aria-label={t(`works.modes.${m}`)}>
              <Tooltip title={t(`works.modes.${m}`)}>{icon}</Tooltip>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <WorksGrid
        works={works}
        mode={state.mode}
        loading={list.isPending}
        skeletons={Math.min(state.pageSize, 12)}
      />
      {list.data && total === 0 && (
        <Typography
          align="center"
          color="text.secondary"
          sx={{ py: 6, letterSpacing: 4, fontWeight: 700 }}
          data-testid="works-end"
        >
          {t('common.end')}
        </Typography>
      )}
      {list.data && !list.isPlaceholderData && total === 0 && (
        <WorksEmpty source={source} searching={state.keyword !== '' || state.subtitle} />
      )}
      {total > 0 && (
        <ListPagination
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      )}
      {guest && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('auth.guestTip')}
        </Alert>
      )}
    </Container>
  );
}

/** What an empty works list says (docs/product.md §2.4): the library, a search, or a ranked list. */
function WorksEmpty({ source, searching }: { source: WorkSource; searching: boolean }) {
  const { t } = useTranslation();
  if (searching)
    return (
      <EmptyState
        testId="works-empty"
        hint={t('works.empty.search')}
        action={{ label: t('works.empty.clearSearch'), to: '/works' }}
      />
    );
  if (source === 'works') return <EmptyState testId="works-empty" hint={t('works.empty.library')} />;
  return (
    <EmptyState
      testId="works-empty"
      hint={t('works.empty.list')}
      action={{ label: t('works.empty.browse'), to: '/works' }}
    />
  );
}
