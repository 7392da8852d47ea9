/** Work metadata as every provider (sidecar file, online store, folder name) delivers it. */
export interface TagMeta {
  /** The store's tag id, when known. */
  id?: number;
  /** Canonical (store) name, usually Japanese. */
  name: string;
  en?: string;
  ja?: string;
  zh?: string;
  censoredEn?: string;
  censoredJa?: string;
  censoredZh?: string;
}

export interface WorkMetadata {
  /** Which provider answered: 'sidecar', 'dlsite', 'folder'. */
  source: string;
  title: string;
  /** Other names of the work (an English title): searchable, not shown. */
  altTitles: string[];
  circle: { id?: number; name: string; sourceId?: string } | null;
  vas: string[];
  tags: TagMeta[];
  release: string | null;
  sourceUrl: string | null;
  price: number;
  dlCount: number;
  rateCount: number;
  rateAverage: number;
  /** Counts for 1★..5★. */
  rateDetail: [number, number, number, number, number];
  rank: unknown[] | null;
  ageCategory: 'general' | 'r15' | 'adult';
  lang: string | null;
  languageEditions: unknown[];
  translationInfo: Record<string, unknown>;
  originalWorkno: string | null;
  workAttributes: string;
  /** A file name (or path) of the work's cover image, to look for inside the work folder. */
  coverHint: string | null;
}

export function emptyMetadata(source: string, title: string): WorkMetadata {
  return {
    source,
    title,
    altTitles: [],
    circle: null,
    vas: [],
    tags: [],
    release: null,
    sourceUrl: null,
    price: 0,
    dlCount: 0,
    rateCount: 0,
    rateAverage: 0,
    rateDetail: [0, 0, 0, 0, 0],
    rank: null,
    ageCategory: 'adult',
    lang: null,
    languageEditions: [],
    translationInfo: {},
    originalWorkno: null,
    workAttributes: '',
    coverHint: null,
  };
}

/** Loose readers for untrusted JSON. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
export const num = (v: unknown): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
export const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function ageOf(v: unknown): WorkMetadata['ageCategory'] {
  const s = String(v ?? '').toLowerCase();
  if (s === 'general' || s === 'all' || s === '1') return 'general';
  if (s === 'r15' || s === 'r-15' || s === '2') return 'r15';
  return 'adult';
}

/** `YYYY-MM-DD` from a date or date-time string, or null. */
export function dateOf(v: unknown): string | null {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(String(v ?? ''));
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The file name at the end of a URL or path (`…/RJ01234567_img_main.jpg` → that name). */
export function fileNameOf(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const clean = s.split(/[?#]/)[0]!;
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  return /\.(jpe?g|png|webp|gif|bmp|avif)$/i.test(name) ? name : null;
}

/**
 * Sales and rating fields, spelled the same in the store's product JSON and in this API's own
 * work object: price, dl_count, rate_count, rate_average_2dp, rate_count_detail, rank.
 */
export function readSalesAndRatings(m: WorkMetadata, src: Record<string, unknown>): void {
  m.price = Math.max(0, Math.round(num(src.price)));
  m.dlCount = Math.max(0, Math.round(num(src.dl_count)));
  m.rateCount = Math.max(0, Math.round(num(src.rate_count)));
  m.rateAverage = num(src.rate_average_2dp);
  for (const d of arr(src.rate_count_detail)) {
    const o = obj(d);
    const point = Math.round(num(o?.review_point));
    if (o && point >= 1 && point <= 5) m.rateDetail[point - 1] = Math.max(0, Math.round(num(o.count)));
  }
  m.rank = Array.isArray(src.rank) ? src.rank : null;
}
