import { lazy } from 'react';

const load = () => import('./WorkSwiper.tsx');
let loading: ReturnType<typeof load> | null = null;

/**
 * Starts fetching the swiper chunk (once). The home page calls it as it asks for its lists, so
 * the chunk arrives with the answers instead of being asked for only once they are there (the
 * popular row then showed placeholders seconds after the list below had its cards).
 */
export function preloadWorkSwiper(): ReturnType<typeof load> {
  loading ??= load();
  return loading;
}

/** The swiper (Swiper and its CSS) is a chunk of its own: only the home and work pages load it. */
export const LazyWorkSwiper = lazy(async () => ({ default: (await preloadWorkSwiper()).WorkSwiper }));
