/** The tabs of the favourites page and which one a route shows (docs/product.md §2.2). */
import { PROGRESS_VALUES, type Progress } from '@sasayaki/contract';

export type FavouritesTab = 'review' | Progress | 'folder';

/** Each tab and its path: reviewed works, one per listening progress, then my playlists. */
export const TABS: readonly (readonly [FavouritesTab, string])[] = [
  ['review', '/favourites/review'],
  ...PROGRESS_VALUES.map((p) => [p, p === 'marked' ? '/favourites/progress/marked' : `/${p}`] as const),
  ['folder', '/favourites/folder'],
];

/**
 * The tab a route shows: `filter` is the route's fixed tab, or 'param' when the progress comes
 * from the path (`/favourites/progress/:progress`), where an unknown progress shows 'marked'.
 */
export function activeTab(filter: string | null, progress: string | undefined): FavouritesTab {
  if (filter === 'param') return PROGRESS_VALUES.find((p) => p === progress) ?? 'marked';
  return TABS.find(([key]) => key === filter)?.[0] ?? 'review';
}

/** The progress the works list filters on, or undefined for the reviewed tab (and the playlists). */
export const progressOf = (tab: FavouritesTab): Progress | undefined =>
  PROGRESS_VALUES.find((p) => p === tab);
