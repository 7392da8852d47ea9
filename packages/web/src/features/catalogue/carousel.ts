/**
 * A carousel's moves (WorkCarousel.tsx), apart from the page so they can be checked without a
 * layout engine: where one step forward or back lands, and the autoplay's step that starts over
 * after the last card.
 */

/** docs/product.md §9: a carousel turns every 4 s. */
export const AUTOPLAY_MS = 4000;

export interface ScrollBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
  /** From one card's left edge to the next one's (card width and gap). */
  step: number;
}

/** Slack for fractional scroll positions (zoomed pages report them). */
const EPSILON = 2;

const atEnd = (box: ScrollBox): boolean => box.scrollLeft + box.clientWidth >= box.scrollWidth - EPSILON;

/**
 * The scroll position one card forward (1) or back (-1), on a card's edge even when the row was
 * left between two; with `wrap`, forward from the end goes back to the first card.
 */
export function stepTo(box: ScrollBox, direction: 1 | -1, wrap = false): number {
  const max = Math.max(0, box.scrollWidth - box.clientWidth);
  if (wrap && direction === 1 && atEnd(box)) return 0;
  if (box.step <= 0) return direction === 1 ? max : 0;
  const at = box.scrollLeft / box.step;
  const card = direction === 1 ? Math.floor(at + 1e-3) + 1 : Math.ceil(at - 1e-3) - 1;
  return Math.min(max, Math.max(0, card * box.step));
}
