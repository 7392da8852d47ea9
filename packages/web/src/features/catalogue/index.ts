/**
 * The catalogue: the works lists (library, popular, recommended, search results), entity lists,
 * work cards and swipers. Other screens that show works use these pieces.
 */
export { Cover } from './card/Cover.tsx';
export { MyReview } from './card/MyReview.tsx';
export { PlaylistMenu } from './card/PlaylistMenu.tsx';
export { RatingStars } from './card/RatingStars.tsx';
export { PriceTag, ReviewCount, SalesCount } from './card/StoreFigures.tsx';
export { storeFacts } from './card/storeFacts.ts';
export { tagName } from './card/tagName.ts';
export { useTagName } from './card/useTagName.ts';
export { StatusChips, VaChips } from './card/WorkChips.tsx';
export { ListPagination } from './ListPagination.tsx';
export { usePageClamp } from './pageClamp.ts';
export { nextListQuery, readListState } from './urlState.ts';
export { WorkCarousel } from './WorkCarousel.tsx';
export { WorksGrid } from './WorksGrid.tsx';
