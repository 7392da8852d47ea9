/**
 * Catalogue queries: every list of works (browse, search, circle/tag/VA pages, playlists,
 * reviews, recommender) goes through `listWorks`, and the detail page through `getWork`.
 *
 * Usage:
 *   // browse / search
 *   listWorks(ctx, { viewer, terms: parseKeyword(kw), order: 'release', sort: 'desc', page: 2 }, base)
 *   // works of playlist P, newest addition first
 *   listWorks(ctx, { viewer,
 *     extend: (q) => q.innerJoin('playlist_works as pw', 'pw.work_id', 'w.id').where('pw.playlist_id', '=', P),
 *     orderBy: { column: 'pw.added_at', direction: 'desc' } }, base)
 *   // works the viewer reviewed, one progress, most recently updated first (review fields on)
 *   listWorks(ctx, { viewer, includeReview: true,
 *     extend: (q) => q.innerJoin('reviews as r', 'r.work_id', 'w.id').where('r.user_id', '=', uid)
 *                     .where('r.progress', '=', 'listening'),
 *     orderBy: { column: 'r.updated_at', direction: 'desc' } }, base)
 *   // these ids in this order (recommender), still filtered by keyword/subtitle
 *   listWorks(ctx, { viewer, workIds: [5, 3, 9], keepIdOrder: true }, base)
 *
 * Pages are always deterministic: the chosen order is followed by `w.id` in the same direction.
 */
import type { SearchTerm, Work } from '@sasayaki/contract';
import { encodeWorkIds, LIMITS, workCodeOfId, workIdOf } from '@sasayaki/contract';
import type { CompiledQuery } from 'kysely';
import { type Principal, userIdOf } from '../../auth/principal.ts';
import type { AppContext } from '../../context.ts';
import { fail, type HttpError } from '../../errors.ts';
import {
  headNeeds,
  type ViewerFields,
  type ViewerOptions,
  viewerFieldsOf,
  workHeads,
  workWithTail,
} from '../../mappers/work.ts';
import { viewerRows, workHeadParts, workRowsByIds } from '../../repositories/catalogue.ts';
import { type CompiledSearch, compileSearchFilters } from '../../repositories/searchSql.ts';
import {
  countQuery,
  filteredWorks,
  type ListOrder,
  matchingIds,
  pageIdsQuery,
  runCompiled,
  type SortDirection,
  type WorkScope,
} from '../../repositories/workLists.ts';
import { allWorkIds, workCodesAmong } from '../../repositories/works.ts';
import { searchFiltersOf } from './searchTerms.ts';
import { type Scopes, type WorkCache, workCacheOf } from './workCache.ts';

export type { SortDirection, WorkScope };

type Ctx = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'log'>>;

export interface ListWorksOptions {
  viewer: Principal;
  /** Parsed keyword; partial terms are ignored. */
  terms?: readonly SearchTerm[];
  /** Only these works (at most 10,000: each id is a bound parameter). */
  workIds?: readonly number[];
  /** With workIds: answer in the order of workIds instead of `order`. */
  keepIdOrder?: boolean;
  /** One of WORK_ORDERS (default create_date, docs/product.md §9), or `title` / `circle`. */
  order?: ListOrder;
  sort?: SortDirection;
  page?: number;
  pageSize?: number;
  /** Seed of the `random` order, 0–99. */
  seed?: number;
  /** Only subtitled works: has_subtitle, or listed in localSubtitledWorks. */
  subtitle?: boolean;
  localSubtitledWorks?: readonly number[];
  /** false hides translated editions whose original is in the library (default true). */
  includeTranslationWorks?: boolean;
  withPlaylistStatus?: readonly string[];
  /** Add review_text, progress, updated_at, user_name to every work. */
  includeReview?: boolean;
  /** The works of an entity, a playlist or a user's reviews (repositories/workLists.ts). */
  scope?: WorkScope;
  /** Only works of one library root, or released in a range of years (the Subsonic lists). */
  rootIndex?: number;
  releaseYears?: { from: number; to: number };
}

export interface WorkPage {
  works: Work[];
  pagination: { currentPage: number; pageSize: number; totalCount: number };
}

/** The search terms compiled to conditions; a repeated search reuses them (and their counts). */
async function compiledTerms(
  ctx: Ctx,
  terms: readonly SearchTerm[],
  cache: WorkCache,
  generation: number,
): Promise<CompiledSearch> {
  if (terms.length === 0) return compileSearchFilters([], ctx.db, ctx.db.dialect);
  const key = `terms\0${JSON.stringify(terms)}`;
  const cached = cache.result<CompiledSearch>(key);
  if (cached) return cached;
  const search = await compileSearchFilters(searchFiltersOf(terms), ctx.db, ctx.db.dialect);
  // Compiled SQL fragments: about what their terms' JSON takes, several times over. A term may
  // name a tag, voice actor or circle, and a lone term counts its matches.
  cache.putResult(generation, key, search, termScopes(terms), 8 * key.length + 2048);
  return search;
}

/**
 * What search terms and their counts read: `works` always (words match its search text), the
 * tags or voice actors of works for those terms, and the names of tags, voice actors and circles.
 */
function termScopes(terms: readonly SearchTerm[]): string[] {
  const scopes = new Set(['lists']);
  for (const f of terms.length ? searchFiltersOf(terms) : []) {
    if (f.kind === 'tag') scopes.add('tags');
    if (f.kind === 'va') scopes.add('vas');
    if (f.kind === 'tag' || f.kind === 'va' || f.kind === 'circle') scopes.add('entities');
  }
  return [...scopes];
}

/**
 * What a cacheable list's ids and count read (workCache.ts): `works` always; search terms may
 * read tags and voice actors of works; an entity's works read its links (a circle's are a column
 * of `works`).
 */
function listScopes(opts: ListWorksOptions): string[] {
  const scopes = termScopes(opts.terms ?? []);
  if (opts.scope?.kind === 'entity' && opts.scope.entity !== 'circles') {
    scopes.push(`${opts.scope.entity === 'tags' ? 'tag' : 'va'}:${opts.scope.id}`);
  }
  return scopes;
}

/**
 * Whether the page's ids and count depend on the catalogue tables alone (and the parameters):
 * then they are cached for the generation. The works of a circle, voice actor or tag are (works,
 * work_vas, work_tags move the generation), and caching them matters: a big tag's count reads
 * hundreds of thousands of links (docs/catalogue.md, "A million works"). Lists over a caller's
 * join (playlists, reviews) and the viewer's own rating order read tables the generation does
 * not follow.
 */
function cacheableQuery(opts: ListWorksOptions): boolean {
  if ((opts.scope && opts.scope.kind !== 'entity') || opts.order === 'betterRandom') return false;
  return !(opts.order === 'rating' && userIdOf(opts.viewer) !== null);
}

/** Runs a compiled query, or answers from the cache when the same query already ran this generation. */
async function cachedRows<R>(
  ctx: Ctx,
  query: CompiledQuery<R>,
  cache: WorkCache | null,
  generation: number,
  scopes: Scopes,
): Promise<R[]> {
  if (!cache) return runCompiled(ctx.db, query);
  const key = `${query.sql}\0${JSON.stringify(query.parameters)}`;
  const cached = cache.result<R[]>(key);
  if (cached) return cached;
  const rows = await runCompiled(ctx.db, query);
  cache.putResult(generation, key, rows, scopes);
  return rows;
}

/** The ids of the page in order, and the number of matching works (null: count what is served). */
async function pageIds(
  ctx: Ctx,
  opts: ListWorksOptions,
  cache: WorkCache,
  generation: number,
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; totalCount: number | null }> {
  const search = await compiledTerms(ctx, opts.terms ?? [], cache, generation);
  const base = filteredWorks(ctx.db, opts, search);
  if (opts.workIds && opts.keepIdOrder) {
    const present = await matchingIds(base.count);
    const ids = [...new Set(opts.workIds)].filter((id) => present.has(id));
    return { ids: ids.slice((page - 1) * pageSize, page * pageSize), totalCount: ids.length };
  }
  // A lone search term already counted its matches, unless other conditions narrow them.
  const soleCount = base.narrowed ? undefined : search.soleCount;
  const shared = cacheableQuery(opts) ? cache : null;
  const scopes = listScopes(opts);
  const order = { ...opts, userId: userIdOf(opts.viewer) };
  const pageQuery = pageIdsQuery(base.page, order, pageSize, (page - 1) * pageSize);
  const [countRows, rows] = await Promise.all([
    opts.order === 'betterRandom' || soleCount !== undefined
      ? [] // no count query: a lone term counted itself, one random work counts as what is served
      : cachedRows(ctx, countQuery(base.count), shared, generation, scopes),
    cachedRows(ctx, pageQuery, shared, generation, scopes),
  ]);
  const totalCount = soleCount ?? (opts.order === 'betterRandom' ? null : Number(countRows[0]?.n ?? 0));
  return { ids: rows.map((r) => Number(r.id)), totalCount };
}

/**
 * The JSON of each work of `ids` that can be served, in order, as UTF-8 pieces: cached heads
 * plus this viewer's tails.
 */
async function worksJson(
  ctx: Ctx,
  ids: readonly number[],
  opts: ViewerOptions,
  cache: WorkCache,
  generation: number,
): Promise<Buffer[][]> {
  const heads = new Map<number, Buffer | null>();
  const missing: number[] = [];
  for (const id of ids) {
    const head = cache.head(id);
    if (head === undefined) missing.push(id);
    else heads.set(id, head);
  }
  const [built, viewer] = await Promise.all([
    missing.length
      ? buildWorkHeads(ctx, missing)
      : { heads: new Map<number, Buffer | null>(), namingOthers: new Set<number>() },
    viewerFields(ctx, ids, opts),
  ]);
  for (const [id, head] of built.heads) {
    heads.set(id, head);
    cache.putHead(generation, id, head, built.namingOthers.has(id));
  }
  const out: Buffer[][] = [];
  for (const id of ids) {
    const head = heads.get(id);
    if (head) out.push(workWithTail(id, head, viewer, opts));
  }
  return out;
}

const accountOf = (viewer: Principal) =>
  viewer.kind === 'account' ? { id: viewer.id, name: viewer.name } : null;

/**
 * The heads of these works (mappers/work.ts), from their rows and what the rows name; and which
 * of them name other works' codes (language editions: they change when those works come or go).
 */
async function buildWorkHeads(
  ctx: Ctx,
  ids: readonly number[],
): Promise<{ heads: Map<number, Buffer | null>; namingOthers: Set<number> }> {
  const rows = await workRowsByIds(ctx.db, ids);
  const namingOthers = new Set(
    rows
      .filter((r) => r.original_workno || (r.language_editions && r.language_editions !== '[]'))
      .map((r) => r.id),
  );
  if (rows.length === 0) return { heads: new Map(), namingOthers };
  return {
    heads: await workHeads(rows, await workHeadParts(ctx.db, headNeeds(rows)), ctx.log),
    namingOthers,
  };
}

/** The viewer's own fields for these works: no query for an anonymous viewer, up to three otherwise. */
async function viewerFields(ctx: Ctx, ids: readonly number[], opts: ViewerOptions): Promise<ViewerFields> {
  const userId = opts.account?.id ?? null;
  const playlists = userId !== null ? [...new Set(opts.withPlaylistStatus ?? [])] : [];
  if (userId === null || ids.length === 0) {
    return viewerFieldsOf({ votes: [], reviews: [], memberships: [] }, playlists);
  }
  return viewerFieldsOf(await viewerRows(ctx.db, userId, ids, playlists), playlists);
}

const COMMA = Buffer.from(',');

/** `[open, ...pieces of the first item, ',', ...pieces of the next…, close]`, as one buffer. */
function joined(open: string, items: readonly Buffer[][], close: string): Buffer {
  const parts: Buffer[] = [Buffer.from(open)];
  items.forEach((pieces, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(...pieces);
  });
  parts.push(Buffer.from(close));
  return Buffer.concat(parts);
}

/**
 * A page of works in the requested order, plus the total count of matching works, as the UTF-8
 * JSON the API answers (`WorkList`, byte for byte what the compiled response serialiser writes).
 */
export async function listWorksJson(ctx: Ctx, opts: ListWorksOptions, baseUrl: string): Promise<Buffer> {
  const cache = workCacheOf(ctx.db);
  // First: whatever is read after it is at least as new as the generation the cache holds.
  const generation = await cache.sync();
  const page = opts.page ?? 1;
  const pageSize = opts.order === 'betterRandom' ? 1 : (opts.pageSize ?? LIMITS.pageSizeDefault);
  const key = pageKey(opts, baseUrl, page, pageSize);
  const cached = key === null ? undefined : cache.page(key);
  if (cached) return cached;
  const { ids, totalCount } = await pageIds(ctx, opts, cache, generation, page, pageSize);
  const works = await worksJson(
    ctx,
    ids,
    { ...opts, account: accountOf(opts.viewer), baseUrl },
    cache,
    generation,
  );
  const pagination = `{"currentPage":${page},"pageSize":${pageSize},"totalCount":${totalCount ?? works.length}}`;
  const body = joined('{"works":[', works, `],"pagination":${pagination}}`);
  if (key === null) return body;
  // The page shows its list, the heads of its works and the viewer's own fields.
  const scopes = [...listScopes(opts), ...ids.map((id) => `head:${id}`)];
  const userId = userIdOf(opts.viewer);
  if (userId !== null) scopes.push(`user:${userId}`);
  return cache.putPage(generation, key, body, scopes);
}

/**
 * The key of a finished page, or null when it may not be cached. A page is cached when all it
 * shows is followed by the recorded changes (migration 110): its ids and count (cacheableQuery),
 * the heads, and the viewer's own fields — reviews and tag votes record `user:<id>`. Playlist
 * membership is not, so pages asked with `withPlaylistStatus` are built every time. The viewer's account id is part of
 * the key: one viewer's progress, review, rating and votes never reach another's page.
 */
function pageKey(opts: ListWorksOptions, baseUrl: string, page: number, pageSize: number): string | null {
  if (!cacheableQuery(opts) || opts.withPlaylistStatus?.length) return null;
  return JSON.stringify([
    userIdOf(opts.viewer),
    baseUrl,
    opts.scope ?? null,
    page,
    pageSize,
    opts.order ?? 'create_date',
    opts.sort === 'asc' ? 'asc' : 'desc',
    opts.seed ?? 0,
    opts.terms ?? [],
    opts.workIds ?? null,
    !!opts.keepIdOrder,
    !!opts.subtitle,
    opts.subtitle ? (opts.localSubtitledWorks ?? []) : [],
    opts.includeTranslationWorks !== false,
    !!opts.includeReview,
    opts.rootIndex ?? null,
    opts.releaseYears ?? null,
  ]);
}

/** listWorksJson as objects, for callers that add to the page. */
export async function listWorks(ctx: Ctx, opts: ListWorksOptions, baseUrl: string): Promise<WorkPage> {
  return JSON.parse((await listWorksJson(ctx, opts, baseUrl)).toString()) as WorkPage;
}

/**
 * Every work id of the library in the compact form of the contract (`encodeWorkIds`), read once
 * per catalogue generation.
 */
export async function libraryWorkIds(ctx: Ctx): Promise<{ count: number; ids: string }> {
  const cache = workCacheOf(ctx.db);
  const generation = await cache.sync();
  const cached = cache.result<{ count: number; ids: string }>('library-work-ids');
  if (cached) return cached;
  const all = await allWorkIds(ctx.db);
  const answer = { count: all.length, ids: encodeWorkIds(all) };
  cache.putResult(generation, 'library-work-ids', answer, ['lists'], answer.ids.length + 16);
  return answer;
}

/** One work with the viewer's own fields (userRating, review_text, progress…), as UTF-8 JSON, or null. */
export async function getWorkJson(
  ctx: Ctx,
  id: number,
  viewer: Principal,
  baseUrl: string,
  withPlaylistStatus?: readonly string[],
): Promise<Buffer | null> {
  const cache = workCacheOf(ctx.db);
  const generation = await cache.sync();
  const [pieces] = await worksJson(
    ctx,
    [id],
    { account: accountOf(viewer), baseUrl, includeReview: true, withPlaylistStatus },
    cache,
    generation,
  );
  return pieces ? Buffer.concat(pieces) : null;
}

/** One work with the viewer's own fields (userRating, review_text, progress…), or null. */
export async function getWork(
  ctx: Ctx,
  id: number,
  viewer: Principal,
  baseUrl: string,
  withPlaylistStatus?: readonly string[],
): Promise<Work | null> {
  const json = await getWorkJson(ctx, id, viewer, baseUrl, withPlaylistStatus);
  return json === null ? null : (JSON.parse(json.toString()) as Work);
}

/**
 * Works whose code has the same digits as an RJ id under another prefix (BJ, VJ): a client that
 * sends bare digits of a VJ or BJ code asks for the RJ work of those digits (ids in
 * docs/compatibility.md), and is told which ids it may have meant.
 */
export async function sameDigitWorks(ctx: Ctx, rjId: number): Promise<{ id: number; code: string }[]> {
  if (workCodeOfId(rjId).slice(0, 2) !== 'RJ') return [];
  const ids = (['BJ', 'VJ'] as const).map((prefix) => workIdOf({ prefix, number: rjId, code: '' }));
  const rows = await workCodesAmong(ctx.db, ids);
  return rows.map((r) => ({ id: r.id, code: r.source_id }));
}

/**
 * The 404 for a work id that finds nothing. Bare digits mean an RJ code; when BJ/VJ works have
 * those digits, the message and `details.candidates` name them (docs/compatibility.md).
 */
export async function workNotFound(
  ctx: Ctx,
  raw: string,
  id: number,
  what: 'work' | 'tracks' = 'work',
): Promise<HttpError> {
  const digits = raw.trim();
  const meant = /^\d+$/.test(digits) ? await sameDigitWorks(ctx, id) : [];
  if (meant.length === 0) return fail(what === 'work' ? 'WORK_NOT_FOUND' : 'TRACKS_NOT_FOUND');
  const hints = meant.map((w) => `${w.code} has id ${w.id}`).join('; ');
  const code = what === 'work' ? 'WORK_NOT_FOUND_OTHER_PREFIX' : 'TRACKS_NOT_FOUND_OTHER_PREFIX';
  return fail(code, { digits, code: workCodeOfId(id), hints }).withDetails({ candidates: meant });
}
