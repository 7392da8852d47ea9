import type { Work } from '@sasayaki/contract';

type StoreFields = Pick<
  Work,
  'source_id' | 'source_url' | 'price' | 'dl_count' | 'rate_count' | 'rate_average_2dp' | 'review_count'
>;

/** The store's facts of a work, each `null` when the work has no such data (shown as "—"). */
export interface StoreFacts {
  price: number | null;
  /** `undefined`: sales are not shown for this kind of work (RJ works only, docs/product.md §2.5). */
  sales: number | null | undefined;
  rating: { average: number; count: number } | null;
  reviews: number | null;
}

/** An average without ratings is unknown. */
export function ratingOf(w: Pick<Work, 'rate_count' | 'rate_average_2dp'>): StoreFacts['rating'] {
  return w.rate_count > 0 ? { average: w.rate_average_2dp, count: w.rate_count } : null;
}

/**
 * A work without store metadata (a folder with no sidecar) has price, sales and ratings at 0 and
 * no store page: those zeros mean "unknown", not "free" or "unsold". A work with a store page or
 * any non-zero store figure has store data, and its zeros are real.
 */
export function storeFacts(w: StoreFields): StoreFacts {
  const fromStore =
    w.source_url !== '' || w.price > 0 || w.dl_count > 0 || w.rate_count > 0 || w.review_count > 0;
  const isRJ = w.source_id.toUpperCase().startsWith('RJ');
  return {
    price: fromStore ? w.price : null,
    sales: isRJ ? (fromStore ? w.dl_count : null) : undefined,
    rating: ratingOf(w),
    reviews: fromStore ? w.review_count : null,
  };
}
