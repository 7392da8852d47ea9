import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Work } from '@sasayaki/contract';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { onIdle } from '../../shared/ui/idle.ts';
import { WorkCard } from './card/WorkCard.tsx';
import { AUTOPLAY_MS, type ScrollBox, stepTo } from './carousel.ts';
import { RowHeading } from './RowHeading.tsx';

const GAP_PX = 12;
/** The most cards a row shows at once (6 from 1280 px): rendered with the page, the rest after. */
const FIRST_CARDS = 6;
const columns = (n: number) => `calc((100% - ${(n - 1) * GAP_PX}px) / ${n})`;

/**
 * A row of cards that scrolls sideways, 2, 3, 4 or 6 in view by width (docs/product.md §9). The
 * browser's own scrolling with snap points: touch, trackpads, Shift + wheel and the arrow keys
 * (once the row has focus) move it as they move any scroller.
 */
export const carouselRowSx = {
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: columns(2),
  gap: `${GAP_PX}px`,
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '& > *': { scrollSnapAlign: 'start' },
  pb: '4px',
  '@media (min-width: 600px)': { gridAutoColumns: columns(3) },
  '@media (min-width: 900px)': { gridAutoColumns: columns(4) },
  '@media (min-width: 1280px)': { gridAutoColumns: columns(6) },
} as const;

function measure(el: HTMLElement): ScrollBox {
  const [a, b] = el.children as HTMLCollectionOf<HTMLElement>;
  return {
    scrollLeft: el.scrollLeft,
    clientWidth: el.clientWidth,
    scrollWidth: el.scrollWidth,
    step: a && b ? b.offsetLeft - a.offsetLeft : el.clientWidth,
  };
}

/**
 * One card on every AUTOPLAY_MS, back to the first after the last. It holds while the pointer or
 * the focus is in the row, for a turn after the listener moved it, while the row is off screen
 * or the tab hidden, and never runs for those who ask for reduced motion.
 */
function useAutoplay(section: RefObject<HTMLElement | null>, row: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const box = section.current;
    const el = row.current;
    if (!box || !el || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let inView = true;
    let held = false;
    let movedAt = 0;
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(([entry]) => {
            inView = entry?.isIntersecting ?? true;
          });
    observer?.observe(el);
    const hold = () => {
      held = true;
    };
    const release = (e: Event) => {
      if (e instanceof FocusEvent && box.contains(e.relatedTarget as Node | null)) return;
      held = box.matches(':hover') || box.contains(document.activeElement);
    };
    const moved = () => {
      movedAt = Date.now();
    };
    const events: [string, EventListener][] = [
      ['pointerenter', hold],
      ['focusin', hold],
      ['pointerleave', release],
      ['focusout', release],
      ['pointerdown', moved],
      ['wheel', moved],
      ['touchstart', moved],
      ['keydown', moved],
    ];
    for (const [type, fn] of events) box.addEventListener(type, fn, { passive: true });
    const timer = setInterval(() => {
      if (held || !inView || document.hidden || Date.now() - movedAt < AUTOPLAY_MS) return;
      el.scrollTo({ left: stepTo(measure(el), 1, true), behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => {
      clearInterval(timer);
      observer?.disconnect();
      for (const [type, fn] of events) box.removeEventListener(type, fn);
    };
  }, [section, row]);
}

const buttonSx = {
  position: 'absolute',
  // Level with the middle of the covers (4:3 above the card's text).
  top: '30%',
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: 3,
  '&:hover': { bgcolor: 'background.paper' },
  '&.Mui-disabled': { display: 'none' },
  // Touch screens scroll the row with a finger; the buttons are for mice and trackpads.
  '@media (hover: none)': { display: 'none' },
} as const;

/**
 * How many of a row's cards to render: those in view with the page, all of them once the browser
 * is idle. Two rows of 20 cards rendered with the works list made its first paint's task 0.3–0.5 s
 * longer on a 2-core machine.
 */
function useCardsShown(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || total <= FIRST_CARDS) return;
    return onIdle(() => setAll(true), 1000, 200);
  }, [all, total]);
  return all ? total : Math.min(total, FIRST_CARDS);
}

/**
 * Whether the row shows its first card and its last one, which hides the button that would go
 * past them. Watched (IntersectionObserver), not measured: reading the row's layout as it mounts
 * forced the page's first layout early, about 350 ms of a first visit's main thread.
 */
function useEdges(row: RefObject<HTMLElement | null>, cards: number) {
  const [edges, setEdges] = useState({ start: true, end: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the last card changes with the cards shown
  useEffect(() => {
    const el = row.current;
    const first = el?.firstElementChild;
    const last = el?.lastElementChild;
    if (!el || !first || !last || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.target === first) setEdges((s) => ({ ...s, start: e.isIntersecting }));
          if (e.target === last) setEdges((s) => ({ ...s, end: e.isIntersecting }));
        }
      },
      { root: el, threshold: 0.9 },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [row, cards]);
  return edges;
}

/**
 * The popular, recommended and similar works (docs/product.md §2.4, §9): a titled row of compact
 * cards. No code of its own to wait for, so its cards show as soon as its works are there.
 */
export function WorkCarousel({ title, works, action }: { title: string; works: Work[]; action?: ReactNode }) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const shown = useCardsShown(works.length);
  const edges = useEdges(row, shown);
  useAutoplay(section, row);
  const step = (direction: 1 | -1) => {
    if (row.current)
      row.current.scrollTo({ left: stepTo(measure(row.current), direction), behavior: 'smooth' });
  };
  return (
    <Box component="section" ref={section} aria-label={title} sx={{ mb: 3 }} data-testid="work-carousel">
      <RowHeading title={title} action={action} />
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={row}
          tabIndex={0}
          data-arrow-scroll=""
          sx={{
            ...carouselRowSx,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {works.slice(0, shown).map((w) => (
            <WorkCard key={w.id} work={w} variant="compact" />
          ))}
        </Box>
        <IconButton
          size="small"
          aria-label={t('works.carousel.previous')}
          disabled={edges.start}
          onClick={() => step(-1)}
          sx={{ ...buttonSx, left: 4 }}
        >
          <ChevronLeftRounded />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('works.carousel.next')}
          disabled={edges.end}
          onClick={() => step(1)}
          sx={{ ...buttonSx, right: 4 }}
        >
          <ChevronRightRounded />
        </IconButton>
      </Box>
    </Box>
  );
}
