/**
 * Turns work rows into the API's Work JSON (contract `Work`, docs/compatibility.md) in two parts:
 *   - the head: everything every viewer sees alike, built from the page's rows and the parts a
 *     constant number of queries loaded for them (circles, voice actors, tags, other language
 *     editions: repositories/catalogue.ts workHeadParts), serialised by the compiled response
 *     serialiser and cached (services/catalogue/workCache.ts);
 *   - the tail: cover URLs (they carry the request's origin) and the viewer's own fields
 *     (userRating, review fields, playlistStatus), which the contract lists last, so a page is
 *     the cached heads with their tails appended. A viewer's own tag votes (`myVote`) sit inside
 *     the head: the few works the viewer voted on get their head re-serialised.
 * The site rating comes from the stored `works.site_rate_*` columns, kept exact by the review
 * writes (reviews.ts).
 *
 * Pure: rows in, JSON out; services/catalogue/lists.ts reads the rows.
 *
 * One bad row never fails a page: the JSON columns (written by older versions without checks)
 * are read through the scanner's normaliser, and every Work built is checked against the
 * response schema; one that fails is repaired with defaults for its broken parts or, failing
 * that, left out of the page with one logged error.
 */
import {
  type LanguageEdition,
  type OtherLanguageEdition,
  type RateCountDetail,
  type TranslationInfo,
  Work,
  type WorkTag,
} from '@sasayaki/contract';
import fastJson from 'fast-json-stringify';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import { MAX_INT32 } from '../metadata/clean.ts';
import { languageEditionsOf, quietReader, rankOf, translationInfoOf } from '../metadata/normalize.ts';
import {
  type ViewerRows,
  WORK_COLUMNS,
  type WorkHeadParts,
  type WorkListRow,
} from '../repositories/catalogue.ts';

export { WORK_COLUMNS, type WorkListRow };

export interface ViewerOptions {
  /** The signed-in viewer (null: anonymous): their name goes with their review fields. */
  account: { id: number; name: string } | null;
  /** Absolute origin for cover URLs, e.g. `http://127.0.0.1:8888`. */
  baseUrl: string;
  /** Playlist ids to report membership for (`playlistStatus`); only the viewer's own count. */
  withPlaylistStatus?: readonly string[];
  /** Add review_text, progress, updated_at, user_name (always present, null when unset). */
  includeReview?: boolean;
}

type Log = { error(obj: object, msg?: string): void };

/** A JSON column's value, or undefined when it is empty or not JSON. */
function jsonColumn(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Five per-star counts from the stored column, whatever it holds. */
function storedCounts(text: string | null | undefined): number[] {
  const v = jsonColumn(text);
  if (!Array.isArray(v)) return [0, 0, 0, 0, 0];
  return [0, 1, 2, 3, 4].map((i) => {
    const n = Number(v[i]);
    return Number.isFinite(n) ? Math.min(MAX_INT32, Math.max(0, Math.round(n))) : 0;
  });
}

const checkWork = Compile(Work);
/** The same compiled serialiser Fastify builds for the response schema: the bytes are identical. */
const workJson = fastJson(Work);
/** Where the head ends: the cover URLs are the first of the per-request fields. */
const TAIL_START = ',"samCoverUrl":';

/** Five per-star counts (1★ first) → `[{review_point, count, ratio}]`, ratio in whole percent. */
export function rateDetail(counts: readonly number[]): RateCountDetail[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return [1, 2, 3, 4, 5].map((point) => {
    const count = Number(counts[point - 1] ?? 0);
    return { review_point: point, count, ratio: total ? Math.round((count * 100) / total) : 0 };
  });
}

export function coverUrls(baseUrl: string, id: number) {
  const url = (type: string) => `${baseUrl}/api/cover/${id}.jpg?type=${type}`;
  return { samCoverUrl: url('sam'), thumbnailCoverUrl: url('240x240'), mainCoverUrl: url('main') };
}

function translationInfo(row: WorkListRow): TranslationInfo {
  const t = translationInfoOf(quietReader(), jsonColumn(row.translation_info));
  return {
    ...t,
    lang: t.lang ?? row.lang ?? null,
    is_original: t.is_original ?? !row.original_workno,
    is_parent: t.is_parent ?? false,
    is_child: t.is_child ?? false,
    original_workno: t.original_workno ?? row.original_workno ?? null,
    parent_workno: t.parent_workno ?? null,
    child_worknos: Array.isArray(t.child_worknos) ? t.child_worknos : [],
  };
}

const toIso = (ms: number | null | undefined) => (ms ? new Date(Number(ms)).toISOString() : null);

/** Which rows the heads of `rows` need beside them (repositories/catalogue.ts workHeadParts). */
export function headNeeds(rows: readonly WorkListRow[]): {
  ids: number[];
  circleIds: number[];
  codes: string[];
} {
  const codes = new Set<string>();
  for (const row of rows) {
    for (const code of relatedCodesOf(editionsOf(row), translationInfo(row))) codes.add(code);
  }
  return {
    ids: rows.map((r) => r.id),
    circleIds: [...new Set(rows.map((r) => r.circle_id).filter((c): c is number => c !== null))],
    codes: [...codes],
  };
}

/** The parts of a page indexed for building its heads. */
interface PageParts {
  circleById: Map<number, WorkHeadParts['circles'][number]>;
  vasByWork: Map<number, WorkHeadParts['vas']>;
  tagsByWork: Map<number, WorkHeadParts['tags']>;
  relatedByCode: Map<string, WorkHeadParts['related'][number]>;
}

/**
 * The head of each work (its JSON up to the cover URLs, without the closing brace), or null for
 * a work that cannot be served (logged).
 */
export function workHeads(
  rows: readonly WorkListRow[],
  parts: WorkHeadParts,
  log?: Log,
): Map<number, Buffer | null> {
  const page: PageParts = {
    circleById: new Map(parts.circles.map((c) => [c.id, c])),
    vasByWork: group(parts.vas, (v) => v.work_id),
    tagsByWork: group(parts.tags, (t) => t.work_id),
    relatedByCode: new Map(parts.related.map((r) => [r.source_id, r])),
  };
  const heads = new Map<number, Buffer | null>();
  for (const row of rows) {
    const fit = servable(workOf(row, page), log);
    heads.set(row.id, fit ? Buffer.from(headOf(fit)) : null);
  }
  return heads;
}

/** The language editions a row's JSON column lists. */
const editionsOf = (row: WorkListRow) => languageEditionsOf(quietReader(), jsonColumn(row.language_editions));

/** One Work as every viewer sees it (cover URLs and the viewer's fields left blank). */
function workOf(row: WorkListRow, page: PageParts): Work {
  const circle = row.circle_id !== null ? page.circleById.get(row.circle_id) : undefined;
  const info = translationInfo(row);
  const editions = editionsOf(row);
  const siteDetail = rateDetail(storedCounts(row.site_rate_count_detail));
  const siteCount = siteDetail.reduce((a, d) => a + d.count, 0);
  const siteSum = siteDetail.reduce((a, d) => a + d.count * d.review_point, 0);
  return {
    id: row.id,
    source_id: row.source_id,
    source_type: row.source_type,
    source_url: row.source_url,
    title: row.title,
    circle_id: circle?.id ?? 0,
    name: circle?.name ?? '',
    circle: {
      id: circle?.id ?? 0,
      name: circle?.name ?? '',
      source_id: circle?.source_id ?? '',
      source_type: circle?.source_type ?? row.source_type,
    },
    vas: (page.vasByWork.get(row.id) ?? []).map((v) => ({ id: v.id, name: v.name })),
    tags: workTagsOf(page.tagsByWork.get(row.id) ?? []),
    nsfw: !!row.nsfw,
    age_category_string: (['general', 'r15', 'adult'].includes(row.age_category)
      ? row.age_category
      : 'adult') as Work['age_category_string'],
    release: row.release ?? '',
    create_date: row.create_date,
    dl_count: Number(row.dl_count),
    price: Number(row.price),
    review_count: Number(row.review_count),
    rate_count: Number(row.rate_count),
    rate_average_2dp: Number(row.rate_average_2dp),
    rate_count_detail: rateDetail(storedCounts(row.rate_count_detail)),
    site_rate_count: siteCount,
    site_rate_average_2dp: siteCount ? Math.round((siteSum / siteCount) * 100) / 100 : 0,
    site_rate_count_detail: siteDetail,
    rank: rankOf(quietReader(), jsonColumn(row.rank)),
    // Bundled subtitle files or accepted community ones.
    has_subtitle: !!row.has_subtitle || Number(row.community_subtitles ?? 0) > 0,
    duration: Math.round(Number(row.duration)),
    language_editions: editions,
    other_language_editions_in_db: otherEditionsOf(row, relatedCodesOf(editions, info), editions, page),
    translation_info: info,
    original_workno: row.original_workno ?? null,
    work_attributes: row.work_attributes,
    ...coverUrls('', row.id),
    userRating: null,
  };
}

/** A work's tags with their names per locale and votes, normal-trust first, then by rank. */
function workTagsOf(tags: WorkHeadParts['tags']): WorkTag[] {
  return tags
    .map((t) => ({
      id: t.id,
      name: t.name,
      i18n: {
        'en-us': localeName(t.name_en ?? t.name, t.censored_en),
        'ja-jp': localeName(t.name_ja ?? t.name, t.censored_ja),
        'zh-cn': localeName(t.name_zh ?? t.name, t.censored_zh),
      },
      upvote: t.upvote,
      downvote: t.downvote,
      voteRank: t.upvote - t.downvote,
      voteStatus: t.vote_status,
      myVote: 0,
    }))
    .sort(
      (a, b) => trustOrder(a.voteStatus) - trustOrder(b.voteStatus) || b.voteRank - a.voteRank || a.id - b.id,
    );
}

/** The other editions of a work that are in the library, each once. */
function otherEditionsOf(
  row: WorkListRow,
  codes: readonly string[],
  editions: readonly LanguageEdition[],
  page: PageParts,
): OtherLanguageEdition[] {
  const out: OtherLanguageEdition[] = [];
  // What this work's sidecar says of each edition's language (`JPN`, or only a label `日本語`):
  // the word for an edition whose own row names no language.
  const sidecarLang = new Map(editions.map((e) => [String(e.workno), e.lang || e.label]));
  const seen = new Set<string>([row.source_id]);
  for (const code of codes) {
    const other = page.relatedByCode.get(code);
    if (!other || seen.has(code)) continue;
    seen.add(code);
    const otherInfo = translationInfoOf(quietReader(), jsonColumn(other.translation_info));
    out.push({
      id: other.id,
      lang: other.lang || otherInfo.lang || sidecarLang.get(code) || '',
      title: other.title,
      source_id: other.source_id,
      is_original: otherInfo.is_original ?? !other.original_workno,
      source_type: other.source_type,
    });
  }
  return out;
}

/** A Work's JSON up to its tail. */
function headOf(work: Work): string {
  const json = workJson(work);
  return json.slice(0, json.lastIndexOf(TAIL_START));
}

/** What the viewer adds to the works of a page: own tag votes, own review, playlist membership. */
export interface ViewerFields {
  votes: Map<number, Map<number, number>>;
  reviews: Map<
    number,
    { rating: number | null; review_text: string | null; progress: string | null; updated_at: number }
  >;
  playlists: string[];
  memberships: Set<string>;
}

/** The viewer's own fields from their rows (none for an anonymous viewer: no rows were read). */
export function viewerFieldsOf(rows: ViewerRows, playlists: string[]): ViewerFields {
  const votesByWork = new Map<number, Map<number, number>>();
  for (const v of rows.votes) {
    const of = votesByWork.get(v.work_id) ?? new Map<number, number>();
    of.set(v.tag_id, v.status);
    votesByWork.set(v.work_id, of);
  }
  return {
    votes: votesByWork,
    reviews: new Map(rows.reviews.map((r) => [r.work_id, r])),
    playlists,
    memberships: new Set(rows.memberships.map((m) => `${m.playlist_id}/${m.work_id}`)),
  };
}

/**
 * One work's complete JSON (UTF-8, in two pieces): its head (with the viewer's tag votes, when
 * there are any) and the tail, in the contract's field order.
 */
export function workWithTail(
  id: number,
  head: Buffer,
  viewer: ViewerFields,
  opts: ViewerOptions,
): [Buffer, Buffer] {
  const votes = viewer.votes.get(id);
  if (votes) {
    const work = JSON.parse(`${head.toString()}}`) as Work;
    for (const tag of work.tags) tag.myVote = votes.get(tag.id) ?? 0;
    head = Buffer.from(headOf({ ...work, ...coverUrls('', id), userRating: null }));
  }
  const base = JSON.stringify(opts.baseUrl).slice(1, -1);
  const cover = (type: string) => `"${base}/api/cover/${id}.jpg?type=${type}"`;
  const review = viewer.reviews.get(id);
  let tail = `,"samCoverUrl":${cover('sam')},"thumbnailCoverUrl":${cover('240x240')},"mainCoverUrl":${cover('main')},"userRating":${review?.rating ?? null}`;
  if (opts.includeReview) {
    const userName = review && opts.account ? opts.account.name : null;
    tail += `,"review_text":${JSON.stringify(review?.review_text ?? null)},"progress":${JSON.stringify(review?.progress ?? null)},"updated_at":${JSON.stringify(toIso(review?.updated_at))},"user_name":${JSON.stringify(userName)}`;
  } else if (review?.review_text) {
    // Where a list shows the viewer's own stars, it shows their words too.
    tail += `,"review_text":${JSON.stringify(review.review_text)}`;
  }
  if (viewer.playlists.length) {
    const status = Object.fromEntries(viewer.playlists.map((p) => [p, viewer.memberships.has(`${p}/${id}`)]));
    tail += `,"playlistStatus":${JSON.stringify(status)}`;
  }
  return [head, Buffer.from(`${tail}}`)];
}

/** The work as the response schema accepts it: as built, repaired, or left out (logged). */
function servable(work: Work, log?: Log): Work | null {
  const workId = work.id;
  if (checkWork.Check(work)) return work;
  const repaired = Value.Repair(Work, work) as Work;
  if (checkWork.Check(repaired)) return repaired;
  (log ?? console).error(
    {
      workId,
      problems: [...checkWork.Errors(work)].slice(0, 5).map((e) => `${e.instancePath} ${e.message}`),
    },
    'work left out of the page: it does not fit the response schema',
  );
  return null;
}

/** Tags are listed normal-trust first, then weak, then downvoted. */
function trustOrder(status: number): number {
  return status === 1 ? 0 : status === 0 ? 1 : 2;
}

function localeName(name: string, censored: string | null) {
  return censored ? { name, censored } : { name };
}

/** The codes of the editions a work names: its language editions and translation links. */
function relatedCodesOf(editions: readonly LanguageEdition[], info: TranslationInfo): string[] {
  return [
    ...editions.map((e) => String(e.workno)),
    info.original_workno,
    info.parent_workno,
    ...info.child_worknos,
  ].filter((c): c is string => !!c);
}

function group<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
