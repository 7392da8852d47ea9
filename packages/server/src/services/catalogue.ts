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
import type { SearchTerm, Work, WorkOrder } from '@sasayaki/contract';
import { LIMITS, WORK_ORDERS, workCodeOfId, workIdOf } from '@sasayaki/contract';
import { type CompiledQuery, type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type Principal, userIdOf } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { integerParam, plainInteger } from '../numericParams.ts';
import { type CompiledSearch, compileSearchTerms } from './searchSql.ts';
import { type WorkCache, workCacheOf } from './workCache.ts';
import {
  buildWorkHeads,
  type ViewerOptions,
  viewerFields,
  WORK_COLUMNS,
  type WorkListRow,
  workWithTail,
} from './workSerializer.ts';

// biome-ignore lint/suspicious/noExplicitAny: extension hooks join arbitrary tables onto `works as w`.
export type WorkQuery = SelectQueryBuilder<any, any, any>;
export type SortDirection = 'asc' | 'desc';
type Ctx = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'log'>>;

export interface ListWorksOptions {
  viewer: Principal;
  /** Parsed keyword; partial terms are ignored. */
  terms?: readonly SearchTerm[];
  /** Only these works (at most 10,000: each id is a bound parameter). */
  workIds?: readonly number[];
  /** With workIds: answer in the order of workIds instead of `order`. */
  keepIdOrder?: boolean;
  /** One of WORK_ORDERS; default create_date (docs/product.md §9). */
  order?: WorkOrder;
  sort?: SortDirection;
  /** Custom primary order over a joined column (e.g. `pw.added_at`); replaces `order`. */
  orderBy?: { column: string; direction: SortDirection };
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
  /** Joins and conditions of the caller (playlist, reviews…) on the query over `works as w`. */
  extend?: (q: WorkQuery) => WorkQuery;
}

export interface WorkPage {
  works: Work[];
  pagination: { currentPage: number; pageSize: number; totalCount: number };
}

const ORDER_COLUMNS: Record<Exclude<WorkOrder, 'rating' | 'random' | 'betterRandom'>, string> = {
  release: 'w.release',
  create_date: 'w.create_date',
  dl_count: 'w.dl_count',
  price: 'w.price',
  rate_average_2dp: 'w.rate_average_2dp',
  review_count: 'w.review_count',
  id: 'w.id',
  nsfw: 'w.nsfw',
};

/** A prime above any random_key residue; multiplying by (2·seed+1) permutes the residues. */
const RANDOM_PRIME = 1_000_003;

/** The filtered query over `works as w`, shaped for the page and for the count (searchSql.ts). */
async function filteredQueries(
  ctx: Ctx,
  opts: ListWorksOptions,
  cache: WorkCache,
  generation: number,
): Promise<{ page: WorkQuery; count: WorkQuery; soleCount?: number }> {
  let q: WorkQuery = ctx.db.db.selectFrom('works as w');
  if (opts.extend) q = opts.extend(q);
  const search = await compiledTerms(ctx, opts.terms ?? [], cache, generation);
  const conds: Expression<SqlBool>[] = [];
  if (opts.workIds) {
    conds.push(
      opts.workIds.length ? sql<SqlBool>`w.id in (${sql.join([...opts.workIds])})` : sql<SqlBool>`1 = 0`,
    );
  }
  if (opts.subtitle) {
    const local = opts.localSubtitledWorks ?? [];
    conds.push(
      local.length
        ? sql<SqlBool>`(w.has_subtitle = 1 or w.id in (${sql.join([...local])}))`
        : sql<SqlBool>`w.has_subtitle = 1`,
    );
  }
  if (opts.includeTranslationWorks === false) {
    // A translated child edition is hidden when its original is in the library too: the original
    // lists it under other_language_editions_in_db. Translations without their original stay.
    conds.push(
      sql<SqlBool>`not (w.original_workno is not null and w.original_workno <> w.source_id and exists (select 1 from works o where o.source_id = w.original_workno))`,
    );
  }
  for (const c of conds) q = q.where(c);
  let page = q;
  let count = q;
  for (const c of search.page) page = page.where(c);
  for (const c of search.count) count = count.where(c);
  // A lone search term already counted its matches, unless other conditions narrow them.
  const alone = conds.length === 0 && !opts.extend;
  return { page, count, soleCount: alone ? search.soleCount : undefined };
}

function ordered(q: WorkQuery, opts: ListWorksOptions): WorkQuery {
  const dir: SortDirection = opts.sort === 'asc' ? 'asc' : 'desc';
  if (opts.orderBy) {
    return q
      .orderBy(sql.ref(opts.orderBy.column), opts.orderBy.direction)
      .orderBy('w.id', opts.orderBy.direction);
  }
  const order = opts.order ?? 'create_date';
  if (order === 'random') {
    const seed = opts.seed ?? 0;
    const key = sql`((w.random_key % ${RANDOM_PRIME}) * ${2 * seed + 1} + ${seed * 7919}) % ${RANDOM_PRIME}`;
    return q.orderBy(key, dir).orderBy('w.id', dir);
  }
  if (order === 'rating') {
    const userId = userIdOf(opts.viewer);
    if (userId === null) {
      // Anonymous callers have no own rating: the store rating stands in for it.
      return q.orderBy('w.rate_average_2dp', dir).orderBy('w.id', dir);
    }
    return q
      .leftJoin('reviews as own', (j) => j.onRef('own.work_id', '=', 'w.id').on('own.user_id', '=', userId))
      .orderBy(sql`coalesce(own.rating, 0)`, dir)
      .orderBy('w.id', dir);
  }
  if (order === 'betterRandom') return q.orderBy(sql`random()`);
  return q.orderBy(sql.ref(ORDER_COLUMNS[order]), dir).orderBy('w.id', dir);
}

/** The search terms compiled to conditions; a repeated search reuses them (and their counts). */
async function compiledTerms(
  ctx: Ctx,
  terms: readonly SearchTerm[],
  cache: WorkCache,
  generation: number,
): Promise<CompiledSearch> {
  if (terms.length === 0) return compileSearchTerms(terms, ctx.db);
  const key = `terms\0${JSON.stringify(terms)}`;
  const cached = cache.result<CompiledSearch>(key);
  if (cached) return cached;
  const search = await compileSearchTerms(terms, ctx.db);
  cache.putResult(generation, key, search);
  return search;
}

/**
 * Whether the page's ids and count depend on the catalogue tables alone (and the parameters):
 * then they are cached for the generation. Lists over a caller's join (playlists, reviews) and
 * the viewer's own rating order read tables the generation does not follow.
 */
function cacheableQuery(opts: ListWorksOptions): boolean {
  if (opts.extend || opts.orderBy || opts.order === 'betterRandom') return false;
  return !(opts.order === 'rating' && userIdOf(opts.viewer) !== null);
}

/** Runs a compiled query, or answers from the cache when the same query already ran this generation. */
async function cachedRows<R>(
  ctx: Ctx,
  query: CompiledQuery<R>,
  cache: WorkCache | null,
  generation: number,
): Promise<R[]> {
  if (!cache) return (await ctx.db.db.executeQuery(query)).rows;
  const key = `${query.sql}\0${JSON.stringify(query.parameters)}`;
  const cached = cache.result<R[]>(key);
  if (cached) return cached;
  const { rows } = await ctx.db.db.executeQuery(query);
  cache.putResult(generation, key, rows);
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
  if (opts.workIds && opts.keepIdOrder) {
    const base = await filteredQueries(ctx, opts, cache, generation);
    const matching = await base.count.select('w.id').execute();
    const present = new Set(matching.map((r) => r.id as number));
    const ids = [...new Set(opts.workIds)].filter((id) => present.has(id));
    return { ids: ids.slice((page - 1) * pageSize, page * pageSize), totalCount: ids.length };
  }
  const base = await filteredQueries(ctx, opts, cache, generation);
  const shared = cacheableQuery(opts) ? cache : null;
  const pageQuery = ordered(base.page.select('w.id'), opts)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .compile() as CompiledQuery<{ id: number }>;
  const [countRows, rows] = await Promise.all([
    opts.order === 'betterRandom' || base.soleCount !== undefined
      ? [] // no count query: a lone term counted itself, one random work counts as what is served
      : cachedRows(
          ctx,
          base.count.select(sql<number>`count(*)`.as('n')).compile() as CompiledQuery<{ n: number }>,
          shared,
          generation,
        ),
    cachedRows(ctx, pageQuery, shared, generation),
  ]);
  const totalCount = base.soleCount ?? (opts.order === 'betterRandom' ? null : Number(countRows[0]?.n ?? 0));
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
      ? ctx.db.db
          .selectFrom('works as w')
          .select(WORK_COLUMNS)
          .where('w.id', 'in', missing)
          .execute()
          .then((rows) => buildWorkHeads(ctx.db, rows as WorkListRow[], ctx.log))
      : new Map<number, Buffer | null>(),
    viewerFields(ctx.db, ids, opts),
  ]);
  for (const [id, head] of built) {
    heads.set(id, head);
    cache.putHead(generation, id, head);
  }
  const out: Buffer[][] = [];
  for (const id of ids) {
    const head = heads.get(id);
    if (head) out.push(workWithTail(id, head, viewer, opts));
  }
  return out;
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
  const { ids, totalCount } = await pageIds(ctx, opts, cache, generation, page, pageSize);
  const works = await worksJson(ctx, ids, { ...opts, baseUrl }, cache, generation);
  const pagination = `{"currentPage":${page},"pageSize":${pageSize},"totalCount":${totalCount ?? works.length}}`;
  return joined('{"works":[', works, `],"pagination":${pagination}}`);
}

/** listWorksJson as objects, for callers that add to the page. */
export async function listWorks(ctx: Ctx, opts: ListWorksOptions, baseUrl: string): Promise<WorkPage> {
  return JSON.parse((await listWorksJson(ctx, opts, baseUrl)).toString()) as WorkPage;
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
    { viewer, baseUrl, includeReview: true, withPlaylistStatus },
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
  const rows = await ctx.db.db
    .selectFrom('works')
    .select(['id', 'source_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.source_id }));
}

export interface ListParams {
  order: WorkOrder;
  sort: SortDirection;
  page: number;
  pageSize: number;
  seed: number;
  subtitle: boolean;
  includeTranslationWorks: boolean;
  withPlaylistStatus: string[];
  localSubtitledWorks: number[];
}

function intIn(raw: unknown, name: string, min: number, max: number, dflt: number): number {
  if (raw === undefined || raw === null || raw === '') return dflt;
  return integerParam(raw, name, min, max);
}

function flag(raw: unknown, name: string, dflt: boolean): boolean {
  if (raw === undefined || raw === null || raw === '') return dflt;
  const s = String(raw).trim().toLowerCase();
  if (['1', 'true'].includes(s)) return true;
  if (['0', 'false'].includes(s)) return false;
  throw badRequest(`${name} must be 0 or 1`);
}

function list(raw: unknown): unknown[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (Array.isArray(raw)) return raw.flatMap(list);
  return String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The list parameters shared by every works list (query string or JSON body), validated:
 * order ∈ WORK_ORDERS, sort asc|desc, page ≥ 1, pageSize 1–100 (default 20), seed 0–99.
 */
/** Largest id a work can have: VJ 99,999,999 (see workCode.ts). */
const MAX_WORK_ID = 299_999_999;

export function parseListParams(input: Record<string, unknown>): ListParams {
  const order = (input.order ?? 'create_date') as string;
  if (!(WORK_ORDERS as readonly string[]).includes(order)) {
    throw badRequest(`order must be one of ${WORK_ORDERS.join(', ')}`);
  }
  const sort = String(input.sort ?? 'desc').toLowerCase();
  if (sort !== 'asc' && sort !== 'desc') throw badRequest('sort must be asc or desc');
  const rawLocal = list(input.localSubtitledWorks);
  // Each id is one bound parameter; SQLite takes at most 32,766 in a statement.
  if (rawLocal.length > 10_000) throw badRequest('localSubtitledWorks accepts at most 10000 work ids');
  const localSubtitledWorks = rawLocal.map((v) => {
    // Work ids are 32-bit integers in both databases (workCode.ts keeps them under 300,000,000).
    const n = plainInteger(v);
    if (n === null || n <= 0 || n > MAX_WORK_ID)
      throw badRequest('localSubtitledWorks must be a list of work ids');
    return n;
  });
  const withPlaylistStatus = list(input.withPlaylistStatus).map(String);
  if (withPlaylistStatus.length > 100)
    throw badRequest('withPlaylistStatus accepts at most 100 playlist ids');
  return {
    order: order as WorkOrder,
    sort,
    page: intIn(input.page, 'page', 1, 1_000_000, 1),
    pageSize: intIn(input.pageSize, 'pageSize', 1, LIMITS.pageSizeMax, LIMITS.pageSizeDefault),
    seed: intIn(input.seed, 'seed', 0, LIMITS.seedMax, 0),
    subtitle: flag(input.subtitle, 'subtitle', false),
    includeTranslationWorks: flag(input.includeTranslationWorks, 'includeTranslationWorks', true),
    withPlaylistStatus,
    localSubtitledWorks,
  };
}
