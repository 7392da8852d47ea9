import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { Work } from '@sasayaki/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { hasRecommenderHistory } from '../../shared/recommender/ownHistory.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';
import { readListState } from './urlState.ts';
import { useWorkList } from './useWorkList.ts';
import { carouselRowSx, WorkCarousel } from './WorkCarousel.tsx';

/** Carousels load 20 works (docs/product.md §9) of their first page. */
const FIRST_PAGE = { ...readListState(new URLSearchParams()), pageSize: 20 };

/** docs/product.md §2.4: the recommend swiper is hidden when its first three works equal the popular ones. */
export function sameFirstThree(a: Work[], b: Work[]): boolean {
  if (a.length < 3 || b.length < 3) return false;
  return a.slice(0, 3).every((w, i) => w.id === b[i]!.id);
}

/** The row's place while its works load: the carousel's first cards as grey boxes. */
const RowSkeleton = () => (
  <Box sx={{ mb: 3 }}>
    <Skeleton width={160} height={32} />
    <Box sx={{ ...carouselRowSx, overflowX: 'hidden' }}>
      {placeholders(6).map((k) => (
        <Skeleton key={k} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
      ))}
    </Box>
  </Box>
);

/**
 * The popular and recommend swipers of the home page, each switchable in the settings. They follow
 * the list's 'subtitle only' filter, and send the works with local subtitles with it.
 */
export function HomeSwipers({ subtitle = false }: { subtitle?: boolean }) {
  const { t } = useTranslation();
  const showPopular = useSettings((s) => s.showPopularAtHome);
  // A signed-out browser that never listened would get the popular list again: not asked.
  const loggedIn = useAuth(isLoggedIn);
  const uuid = useSettings((s) => s.recommenderUuid);
  const showRecommend =
    useSettings((s) => s.showRecommendAtHome) && (loggedIn || hasRecommenderHistory(uuid));
  const first = useMemo(() => ({ ...FIRST_PAGE, subtitle }), [subtitle]);
  const popular = useWorkList('popular', first, showPopular);
  const recommend = useWorkList('recommend', first, showRecommend);
  const p = popular.data?.works ?? [];
  const r = recommend.data?.works ?? [];
  const more = (to: string) => (
    <Button component={Link} to={to} size="small">
      {t('works.more')}
    </Button>
  );
  return (
    <>
      {showPopular &&
        (popular.isPending ? (
          <RowSkeleton />
        ) : (
          p.length > 0 && (
            <WorkCarousel title={t('works.swiper.popular')} works={p} action={more('/popular')} />
          )
        ))}
      {showRecommend &&
        (recommend.isPending ? (
          <RowSkeleton />
        ) : (
          r.length > 0 &&
          !sameFirstThree(p, r) && (
            <WorkCarousel title={t('works.swiper.recommend')} works={r} action={more('/recommend')} />
          )
        ))}
    </>
  );
}
