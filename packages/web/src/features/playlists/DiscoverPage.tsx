import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LIMITS, PLAYLIST_ORDERS, type PlaylistOrder } from '@sasayaki/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchPublicPlaylists } from '../../shared/api/playlistApi.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { EmptyState } from '../../shared/ui/EmptyState.tsx';
import { useDebounced } from '../../shared/ui/useDebounced.ts';
import { useAuth } from '../account/index.ts';
import { usePageClamp } from '../catalogue/index.ts';
import { PlaylistCard, PlaylistGrid } from './PlaylistCard.tsx';
import { PlaylistTabs } from './PlaylistTabs.tsx';

const PAGE_SIZE = 24;

/**
 * /playlists/discover: everyone's public playlists, for visitors too; found by text (name,
 * description, owner), most recent or most liked first. Text, order and page live in the address.
 */
export function DiscoverPage() {
  const { t } = useTranslation();
  const me = useAuth((s) => s.user?.name ?? null);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const order: PlaylistOrder = params.get('order') === 'likes' ? 'likes' : 'recent';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(q);
  const settled = useDebounced(text.trim(), 300);
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: 'q' in patch },
    );
  // The typed text reaches the address once it settles; a new text starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text
  useEffect(() => {
    if (settled !== q) update({ q: settled, page: null });
  }, [settled]);
  const list = useQuery({
    queryKey: ['playlists', 'public', q, order, page],
    queryFn: ({ signal }) => fetchPublicPlaylists({ q, order, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.pagination.totalCount ?? 0;
  usePageClamp(page, PAGE_SIZE, list.isPlaceholderData ? undefined : list.data?.pagination.totalCount, (p) =>
    update({ page: String(p) }),
  );
  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('playlists.title')}
      </Typography>
      <PlaylistTabs current="discover" />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('playlists.discover.search')}
          sx={{ flex: '1 1 240px', maxWidth: 480 }}
          slotProps={{
            htmlInput: { maxLength: LIMITS.playlistName, 'aria-label': t('playlists.discover.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={order}
          aria-label={t('playlists.discover.order')}
          onChange={(_, v: PlaylistOrder | null) => {
            if (v) update({ order: v === 'recent' ? null : v, page: null });
          }}
        >
          {PLAYLIST_ORDERS.map((o) => (
            <ToggleButton key={o} value={o}>
              {t(`playlists.discover.orders.${o}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {list.data && (
          <Typography variant="body2" color="text.secondary" data-testid="discover-count">
            {t('playlists.discover.count', { count: total })}
          </Typography>
        )}
      </Box>
      <PlaylistGrid loading={list.isPending}>
        {list.data?.playlists.map((p) => (
          <PlaylistCard key={p.id} playlist={p} me={me} />
        ))}
      </PlaylistGrid>
      {list.data && !list.isPlaceholderData && total === 0 && (
        <EmptyState hint={q ? t('playlists.discover.noMatch', { q }) : t('playlists.discover.empty')} />
      )}
      {total > PAGE_SIZE && (
        <Pagination
          sx={{ display: 'flex', justifyContent: 'center', my: 3 }}
          count={Math.ceil(total / PAGE_SIZE)}
          page={page}
          onChange={(_, p) => update({ page: p === 1 ? null : String(p) })}
        />
      )}
    </Container>
  );
}
