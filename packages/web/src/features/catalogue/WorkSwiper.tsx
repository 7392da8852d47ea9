import Box from '@mui/material/Box';
import type { Work } from '@sasayaki/contract';
import { Autoplay, Keyboard, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import type { ReactNode } from 'react';
import { WorkCard } from './card/WorkCard.tsx';
import { RowHeading } from './RowHeading.tsx';

/** 2, 3, 4 or 6 slides by width, 4 s autoplay (docs/product.md §9). Its own chunk: only home and work pages load it. */
export function WorkSwiper({ title, works, action }: { title: string; works: Work[]; action?: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={{
        mb: 3,
        '--swiper-navigation-size': '18px',
        '--swiper-theme-color': (th) => th.palette.text.primary,
        '& .swiper-button-prev, & .swiper-button-next': {
          width: 36,
          height: 36,
          borderRadius: '50%',
          bgcolor: 'background.paper',
          boxShadow: 3,
          display: { xs: 'none', md: 'flex' },
          top: '35%',
        },
        '& .swiper-button-prev svg, & .swiper-button-next svg': { width: 10, height: 18 },
      }}
    >
      <RowHeading title={title} action={action} />
      <Swiper
        modules={[Autoplay, Navigation, Keyboard]}
        autoplay={{ delay: 4000, disableOnInteraction: false, pauseOnMouseEnter: true }}
        navigation
        keyboard={{ enabled: true, onlyInViewport: true }}
        spaceBetween={12}
        slidesPerView={2}
        breakpoints={{ 600: { slidesPerView: 3 }, 900: { slidesPerView: 4 }, 1280: { slidesPerView: 6 } }}
        style={{ paddingBottom: 4 }}
      >
        {works.map((w) => (
          <SwiperSlide key={w.id} style={{ height: 'auto' }}>
            <WorkCard work={w} variant="compact" />
          </SwiperSlide>
        ))}
      </Swiper>
    </Box>
  );
}
