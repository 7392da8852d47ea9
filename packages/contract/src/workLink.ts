/** Links to works and searches (docs/product.md §2.2) and to a work's store page. */
import type { WorkRef } from './api.ts';

/** The source type of the doujin store every RJ/VJ/BJ code comes from. */
export const DLSITE_SOURCE = 'DLSITE';

type WorkLinkFields = Pick<WorkRef, 'id' | 'source_id' | 'source_type'>;

/**
 * The app route of a work's detail page. For the doujin store an RJ code is the short
 * `/work/RJ…`; VJ and BJ codes (and every other source) need the long form that names the source,
 * and any other id of the store falls back to the numeric `/work/{id}`.
 */
export function workPath(work: WorkLinkFields): string {
  const long = `/work/${work.id}/${encodeURIComponent(work.source_type)}/${encodeURIComponent(work.source_id)}`;
  if (work.source_type !== DLSITE_SOURCE) return long;
  const prefix = work.source_id.slice(0, 2).toUpperCase();
  if (prefix === 'RJ') return `/work/${encodeURIComponent(work.source_id)}`;
  if (prefix === 'VJ' || prefix === 'BJ') return long;
  return `/work/${work.id}`;
}

/** The works list searching for `keyword` (tag, circle, voice-actor and age chips link here). */
export function searchPath(keyword: string): string {
  return `/works?keyword=${encodeURIComponent(keyword)}`;
}

/** DLsite splits its catalogue by code: RJ doujin works, VJ commercial (pro), BJ books. */
const STORE_SECTION: Record<string, string> = { RJ: 'maniax', VJ: 'pro', BJ: 'books' };

/** The store page of a work code (RJ01234567 → DLsite's product page); null for anything else. */
export function storeUrl(sourceId: string): string | null {
  const m = /^(RJ|VJ|BJ)(\d{6,8})$/i.exec(sourceId.trim());
  if (!m) return null;
  const code = m[1]!.toUpperCase() + m[2]!;
  return `https://www.dlsite.com/${STORE_SECTION[m[1]!.toUpperCase()]}/work/=/product_id/${code}.html`;
}
