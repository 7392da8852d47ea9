/**
 * The one way into the internal metadata model. Every source — our `work.json`, a downloader's
 * saved `/api/work/{id}` answer, the store's product JSON (on disk or from the online provider),
 * the folder name — hands its raw object to `normalizeWork`, which reads both spellings (this
 * API's work object and the store's product object, mixed freely as hand-edited files do),
 * drops what it does not know, coerces what has a clear meaning, completes or drops partial
 * nested entries, cleans and caps texts, range-checks numbers and notes each repair.
 * The caps are listed in docs/scanner.md.
 */
import type { LanguageEdition } from '@sasayaki/contract';
import { MAX_INT32, Reader, RepairLog } from './clean.ts';
import { emptyMetadata, type TagMeta, type TranslationMeta, type WorkMetadata } from './types.ts';

/** Longest text kept per field (UTF-16 units). */
export const TEXT_CAPS = {
  title: 500,
  name: 200,
  url: 2048,
  lang: 16,
  workno: 16,
  label: 100,
  editionType: 50,
  rankText: 50,
  workAttributes: 500,
  sourceId: 64,
  coverHint: 1024,
} as const;

/** Most entries kept per list. */
export const LIST_CAPS = {
  vas: 100,
  tags: 200,
  languageEditions: 50,
  rank: 50,
  rateDetail: 10,
  childWorknos: 100,
} as const;

/** Store ids of circles and tags stay below the range of name-derived ids (1,000,000,000 up). */
const MAX_STORE_ID = 999_999_999;

/** A whole work code, as language editions and the store name related works. */
export const WORKNO = /^(RJ|VJ|BJ)\d{6,8}$/i;

const AGE_BY_NUMBER: Record<number, WorkMetadata['ageCategory']> = { 1: 'general', 2: 'r15', 3: 'adult' };
const AGE_BY_NAME: Record<string, WorkMetadata['ageCategory']> = {
  general: 'general',
  all: 'general',
  r15: 'r15',
  'r-15': 'r15',
  adult: 'adult',
  r18: 'adult',
  'r-18': 'adult',
};

/** The file name at the end of a URL or path (`…/RJ01234567_img_main.jpg` → that name). */
export function fileNameOf(v: string | null): string | null {
  if (!v) return null;
  const clean = v.split(/[?#]/)[0]!;
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  return /\.(jpe?g|png|webp|gif|bmp|avif)$/i.test(name) ? name : null;
}

/**
 * A reader that repairs without keeping notes: for values read back from the database, which
 * older versions stored without these checks.
 */
export const quietReader = (): Reader => new Reader(new RepairLog());

/**
 * Metadata from one raw source object; null when it is not an object or has no title (the
 * next source is asked then).
 */
export function normalizeWork(raw: unknown, source: string): WorkMetadata | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const w = raw as Record<string, unknown>;
  const log = new RepairLog();
  const r = new Reader(log);
  const title =
    r.text(w.title, 'title', TEXT_CAPS.title) ?? r.text(w.work_name, 'work_name', TEXT_CAPS.title);
  if (!title) return null;
  const m = emptyMetadata(source, title);
  m.repairs = log.repairs;
  for (const k of ['title_en', 'title_ja', 'title_zh', 'work_name']) {
    const alt = r.text(w[k], k, TEXT_CAPS.title);
    if (alt && alt !== title && !m.altTitles.includes(alt)) m.altTitles.push(alt);
  }
  m.circle = circleOf(r, w);
  m.vas = vasOf(r, w);
  m.tags = tagsOf(r, w);
  m.release = r.date(w.release ?? w.regist_date, 'release');
  m.sourceUrl = r.text(w.source_url, 'source_url', TEXT_CAPS.url);
  readSalesAndRatings(r, m, w);
  m.nsfw = r.bool(w.nsfw, 'nsfw');
  m.ageCategory = ageOf(r, w, m.nsfw);
  m.languageEditions = languageEditionsOf(r, w.language_editions);
  m.translationInfo = translationInfoOf(r, w.translation_info);
  m.lang = m.translationInfo.lang ?? r.text(w.lang, 'lang', TEXT_CAPS.lang);
  m.originalWorkno =
    r.text(w.original_workno, 'original_workno', TEXT_CAPS.workno) ??
    m.translationInfo.original_workno ??
    null;
  m.workAttributes = workAttributesOf(r, w.work_attributes);
  m.coverHint =
    r.text(w.cover, 'cover', TEXT_CAPS.coverHint) ??
    fileNameOf(r.text(w.mainCoverUrl, 'mainCoverUrl', TEXT_CAPS.url)) ??
    fileNameOf(imageUrlOf(r, w.image_main));
  return m;
}

function circleOf(r: Reader, w: Record<string, unknown>): WorkMetadata['circle'] {
  // `circle` as an object ({id, name, source_id}) or as a plain name; else the flat fields.
  const asName = typeof w.circle === 'string' ? r.text(w.circle, 'circle', TEXT_CAPS.name) : null;
  const c = typeof w.circle === 'string' ? null : r.object(w.circle, 'circle');
  const makerId = r.text(w.maker_id, 'maker_id', TEXT_CAPS.sourceId);
  const name =
    asName ??
    r.text(c?.name, 'circle.name', TEXT_CAPS.name) ??
    r.text(w.name, 'name', TEXT_CAPS.name) ??
    r.text(w.maker_name, 'maker_name', TEXT_CAPS.name);
  if (!name) return null;
  const id =
    r.id(c?.id, 'circle.id', MAX_STORE_ID) ??
    r.id(w.circle_id, 'circle_id', MAX_STORE_ID) ??
    (makerId ? r.id(makerId.replace(/\D/g, ''), 'maker_id', MAX_STORE_ID) : null);
  const sourceId = r.text(c?.source_id, 'circle.source_id', TEXT_CAPS.sourceId) ?? makerId;
  return { name, ...(id !== null ? { id } : {}), ...(sourceId ? { sourceId } : {}) };
}

function vasOf(r: Reader, w: Record<string, unknown>): string[] {
  const creators = r.object(w.creaters, 'creaters') ?? r.object(w.creators, 'creators');
  const raw = w.vas !== undefined && w.vas !== null ? w.vas : creators?.voice_by;
  const names = r
    .list(raw, 'vas', LIST_CAPS.vas)
    .map((v) =>
      typeof v === 'string'
        ? r.text(v, 'vas', TEXT_CAPS.name)
        : r.text(r.object(v, 'vas')?.name, 'vas.name', TEXT_CAPS.name),
    );
  return [...new Set(names.filter((n): n is string => !!n))];
}

const LOCALES = [
  ['en-us', 'en', 'censoredEn'],
  ['ja-jp', 'ja', 'censoredJa'],
  ['zh-cn', 'zh', 'censoredZh'],
] as const;

function tagOf(r: Reader, raw: unknown): TagMeta | null {
  if (typeof raw === 'string') {
    const name = r.text(raw, 'tags', TEXT_CAPS.name);
    return name ? { name } : null;
  }
  const t = r.object(raw, 'tags');
  if (!t) return null;
  const i18n = r.object(t.i18n, 'tags.i18n') ?? {};
  const names: Partial<Record<'en' | 'ja' | 'zh' | 'censoredEn' | 'censoredJa' | 'censoredZh', string>> = {};
  for (const [locale, key, censoredKey] of LOCALES) {
    const v = i18n[locale];
    // A locale given as a plain name instead of {name, censored}.
    const o = typeof v === 'string' ? { name: v } : r.object(v, 'tags.i18n.locale');
    const name = r.text(o?.name, 'tags.i18n.name', TEXT_CAPS.name);
    const censored = r.text(o?.censored, 'tags.i18n.censored', TEXT_CAPS.name);
    if (name) names[key] = name;
    if (censored) names[censoredKey] = censored;
  }
  const name = r.text(t.name, 'tags.name', TEXT_CAPS.name) ?? names.ja ?? names.en ?? names.zh;
  if (!name) {
    r.log.note('tags', 'entry without a name: dropped');
    return null;
  }
  const id = r.id(t.id, 'tags.id', MAX_STORE_ID);
  return { name, ...(id !== null ? { id } : {}), ...names };
}

function tagsOf(r: Reader, w: Record<string, unknown>): TagMeta[] {
  const raw = w.tags !== undefined && w.tags !== null ? w.tags : w.genres;
  const tags: TagMeta[] = [];
  for (const entry of r.list(raw, 'tags', LIST_CAPS.tags)) {
    const t = tagOf(r, entry);
    if (t && !tags.some((x) => x.name === t.name)) tags.push(t);
  }
  return tags;
}

/** Sales and ratings, spelled alike in the store's product JSON and this API's work object. */
function readSalesAndRatings(r: Reader, m: WorkMetadata, w: Record<string, unknown>): void {
  m.price = r.int(w.price, 'price', 0, MAX_INT32, 0);
  m.dlCount = r.int(w.dl_count, 'dl_count', 0, MAX_INT32, 0);
  m.rateCount = r.int(w.rate_count, 'rate_count', 0, MAX_INT32, 0);
  m.reviewCount = r.int(w.review_count, 'review_count', 0, MAX_INT32, 0);
  m.rateAverage = r.real(w.rate_average_2dp, 'rate_average_2dp', 0, 5, 0);
  for (const d of r.list(w.rate_count_detail, 'rate_count_detail', LIST_CAPS.rateDetail)) {
    const o = r.object(d, 'rate_count_detail');
    const point = o ? r.int(o.review_point, 'rate_count_detail.review_point', 0, 6, 0) : 0;
    if (point < 1 || point > 5) {
      r.log.note('rate_count_detail', 'entry without a review point 1..5: dropped');
      continue;
    }
    m.rateDetail[point - 1] = r.int(o!.count, 'rate_count_detail.count', 0, MAX_INT32, 0);
  }
  m.rank = rankOf(r, w.rank);
}

export function rankOf(r: Reader, raw: unknown): WorkMetadata['rank'] {
  if (raw === undefined || raw === null) return null;
  return r.list(raw, 'rank', LIST_CAPS.rank).flatMap((e) => rankEntryOf(r, e));
}

function rankEntryOf(r: Reader, raw: unknown): NonNullable<WorkMetadata['rank']> {
  const e = r.object(raw, 'rank');
  const rank = e ? r.int(e.rank, 'rank.rank', 0, MAX_INT32, 0) : 0;
  if (!e || rank < 1) {
    r.log.note('rank', 'entry without a rank: dropped');
    return [];
  }
  const text = (k: string) => {
    const v = r.text(e[k], `rank.${k}`, TEXT_CAPS.rankText);
    if (v === null) r.log.note(`rank.${k}`, 'missing: set to empty');
    return v ?? '';
  };
  const date = r.date(e.rank_date, 'rank.rank_date');
  if (date === null) r.log.note('rank.rank_date', 'missing: set to empty');
  return [{ term: text('term'), category: text('category'), rank, rank_date: date ?? '' }];
}

function ageOf(r: Reader, w: Record<string, unknown>, nsfw: boolean | null): WorkMetadata['ageCategory'] {
  const raw = w.age_category_string ?? w.age_category;
  if (raw !== undefined && raw !== null) {
    const key = String(raw).trim().toLowerCase();
    const age = typeof raw === 'number' || /^\d+$/.test(key) ? AGE_BY_NUMBER[Number(key)] : AGE_BY_NAME[key];
    if (age) return age;
    r.log.note('age_category_string', 'unknown age category: derived from nsfw');
  }
  // Only what is missing is derived: an explicit `nsfw: false` means all ages.
  return nsfw === false ? 'general' : 'adult';
}

export function languageEditionsOf(r: Reader, raw: unknown): LanguageEdition[] {
  const out: LanguageEdition[] = [];
  for (const [i, entry] of r.list(raw, 'language_editions', LIST_CAPS.languageEditions).entries()) {
    const e = r.object(entry, 'language_editions');
    const workno = e ? r.text(e.workno, 'language_editions.workno', TEXT_CAPS.workno) : null;
    if (!e || !workno || !WORKNO.test(workno)) {
      r.log.note('language_editions', 'entry without a work code: dropped');
      continue;
    }
    const missing = (k: string) => {
      if (e[k] === undefined || e[k] === null)
        r.log.note(`language_editions.${k}`, 'missing: set to a default');
    };
    for (const k of ['lang', 'edition_id', 'edition_type', 'display_order']) missing(k);
    const lang = r.text(e.lang, 'language_editions.lang', TEXT_CAPS.lang) ?? '';
    out.push({
      lang,
      label: r.text(e.label, 'language_editions.label', TEXT_CAPS.label) ?? lang,
      workno: workno.toUpperCase(),
      edition_id: r.int(e.edition_id, 'language_editions.edition_id', 0, MAX_INT32, 0),
      edition_type:
        r.text(e.edition_type, 'language_editions.edition_type', TEXT_CAPS.editionType) ?? 'language',
      display_order: r.int(e.display_order, 'language_editions.display_order', 0, MAX_INT32, i + 1),
    });
  }
  return out;
}

const TRANSLATION_FLAGS = [
  'is_original',
  'is_parent',
  'is_child',
  'is_translation_agree',
  'is_volunteer',
] as const;

export function translationInfoOf(r: Reader, raw: unknown): TranslationMeta {
  const t = r.object(raw, 'translation_info');
  if (!t) return {};
  const out: TranslationMeta = {};
  const lang = r.text(t.lang, 'translation_info.lang', TEXT_CAPS.lang);
  if (lang) out.lang = lang;
  for (const k of TRANSLATION_FLAGS) {
    const v = r.bool(t[k], `translation_info.${k}`);
    if (v !== null) out[k] = v;
  }
  for (const k of ['original_workno', 'parent_workno'] as const) {
    const v = r.text(t[k], `translation_info.${k}`, TEXT_CAPS.workno);
    if (v) out[k] = v;
  }
  if (t.child_worknos !== undefined && t.child_worknos !== null) {
    out.child_worknos = r
      .list(t.child_worknos, 'translation_info.child_worknos', LIST_CAPS.childWorknos)
      .map((c) => r.text(c, 'translation_info.child_worknos', TEXT_CAPS.workno))
      .filter((c): c is string => !!c);
  }
  return out;
}

function workAttributesOf(r: Reader, raw: unknown): string {
  // The store spells it "SOU,JPN"; some tools save the list.
  if (Array.isArray(raw)) {
    r.log.note('work_attributes', 'list read as text');
    const parts = raw.map((a) => r.text(a, 'work_attributes', TEXT_CAPS.workAttributes)).filter(Boolean);
    return r.text(parts.join(','), 'work_attributes', TEXT_CAPS.workAttributes) ?? '';
  }
  return r.text(raw, 'work_attributes', TEXT_CAPS.workAttributes) ?? '';
}

function imageUrlOf(r: Reader, raw: unknown): string | null {
  if (typeof raw === 'string') return r.text(raw, 'image_main', TEXT_CAPS.url);
  return r.text(r.object(raw, 'image_main')?.url, 'image_main.url', TEXT_CAPS.url);
}
