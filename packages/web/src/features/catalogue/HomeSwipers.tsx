import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { Work } from '@sasayaki/contract';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../shared/settings/store.ts';
import { placeholders } from '../../shared/ui/placeholders.ts';
import { WorkCard } from './card/WorkCard.tsx';
import { LazyWorkSwiper, preloadWorkSwiper } from './LazyWorkSwiper.ts';
import { RowHeading } from './RowHeading.tsx';
import { readListState } from './urlState.ts';
import { useWorkList } from './useWorkList.ts';

/** Carousels load 20 works (docs/product.md §9) of their first page. */
const FIRST_PAGE = { ...readListState(new URLSearchParams()), pageSize: 20 };

/** docs/product.md §2.4: the recommend swiper is hidden when its first three works equal the popular ones. */
export function sameFirstThree(a: Work[], b: Work[]): boolean {
  if (a.length < 3 || b.length < 3) return false;
  return a.slice(0, 3).every((w, i) => w.id === b[i]!.id);
}

/** The swiper's slides per view (WorkSwiper.tsx): 2, 3 from 600 px, 4 from 900 px, 6 from 1280 px. */
const rowSx = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media (max-width: 599.95px)': { '& > :nth-of-type(n+3)': { display: 'none' } },
  '@media (min-width: 600px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  '@media (min-width: 600px) and (max-width: 899.95px)': { '& > :nth-of-type(n+4)': { display: 'none' } },
  '@media (min-width: 900px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  '@media (min-width: 900px) and (max-width: 1279.95px)': { '& > :nth-of-type(n+5)': { display: 'none' } },
  '@media (min-width: 1280px)': { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
} as const;

const SwiperSkeleton = () => (
  <Box sx={{ mb: 3 }}>
    <Skeleton width={160} height={32} />
    <Box sx={rowSx}>
      {placeholders(6).map((k) => (
        <Skeleton key={k} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
      ))}
    </Box>
  </Box>
);

/**
 * A row whose works are there before the swiper's code: its first cards, laid out as the swiper
 * lays them out, stand in until the carousel arrives (on a first visit the row otherwise stayed
 * grey boxes for seconds above a works list that was already shown).
 */
function Row({ title, works, action }: { title: string; works: Work[]; action: ReactNode }) {
  const still = (
    <Box component="section" aria-label={title} sx={{ mb: 3 }} data-testid="home-row-static">
      <RowHeading title={title} action={action} />
      <Box sx={{ ...rowSx, pb: '4px' }}>
        {works.slice(0, 6).map((w) => (
          <WorkCard key={w.id} work={w} variant="compact" />
        ))}
      </Box>
    </Box>
  );
  return (
    <Suspense fallback={still}>
      <LazyWorkSwiper title={title} works={works} action={action} />
    </Suspense>
  );
}

/**
 * The popular and recommend swipers of the home page, each switchable in the settings. They follow
 * the list's 'subtitle only' filter, and send the works with local subtitles with it.
 */
export function HomeSwipers({ subtitle = false }: { subtitle?: boolean }) {
  const { t } = useTranslation();
  const showPopular = useSettings((s) => s.showPopularAtHome);
  const showRecommend = useSettings((s) => s.showRecommendAtHome);
  const first = useMemo(() => ({ ...FIRST_PAGE, subtitle }), [subtitle]);
  useEffect(() => {
    if (showPopular || showRecommend) void preloadWorkSwiper();
  }, [showPopular, showRecommend]);
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
          <SwiperSkeleton />
        ) : (
          p.length > 0 && <Row title={t('works.swiper.popular')} works={p} action={more('/popular')} />
        ))}
      {showRecommend &&
        (recommend.isPending ? (
          <SwiperSkeleton />
        ) : (
          r.length > 0 &&
          !sameFirstThree(p, r) && (
            <Row title={t('works.swiper.recommend')} works={r} action={more('/recommend')} />
          )
        ))}
    </>
  );
}
