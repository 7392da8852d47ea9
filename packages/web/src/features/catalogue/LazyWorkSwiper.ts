import { lazy } from 'react';

/** The swiper (Swiper and its CSS) is a chunk of its own: only the home and work pages load it. */
export const LazyWorkSwiper = lazy(async () => ({ default: (await import('./WorkSwiper.tsx')).WorkSwiper }));
