/**
 * The SQL of works lists: the filtered query over `works as w` (ids, subtitles, translations,
 * compiled search terms, and the scope: an entity, a playlist, a user's reviews), its order, and
 * the page and count queries compiled from it. services/catalogue/lists.ts decides what is cached.
 */
import type { WorkOrder } from '@sasayaki/contract';
import { type CompiledQuery, type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type EntityKind, worksOfEntity } from './entities.ts';
import type { Queryable } from './queryable.ts';
import type { CompiledSearch } from './searchSql.ts';

// biome-ignore lint/suspicious/noExplicitAny: scopes join other tables onto `works as w`.
export type WorkQuery = SelectQueryBuilder<any, any, any>;
export type SortDirection = 'asc' | 'desc';

/** Which works a list is drawn from, beyond the whole catalogue. */
export type WorkScope =
  | { kind: 'entity'; entity: EntityKind; id: string | number }
  /** byAddition: newest addition first (else the list's order). */
  | { kind: 'playlist'; playlistId: string; byAddition: boolean }
  /** The works a user reviewed, of one progress when given; byUpdate: most recently updated first. */
  | { kind: 'reviews'; userId: number; progress?: string; byUpdate: boolean };

export interface WorkListFilter {
  scope?: WorkScope;
  /** Only these works (each id is a bound parameter). */
  workIds?: readonly number[];
  subtitle?: boolean;
  localSubtitledWorks?: readonly number[];
  includeTranslationWorks?: boolean;
  /** Only works of this library root (its index in the configured roots). */
  rootIndex?: number;
  /** Only works released in these years (inclusive; the release date's first four digits). */
  releaseYears?: { from: number; to: number };
}

/** The orders of the /api lists, and two the Subsonic album lists add: by title and by circle. */
export type ListOrder = WorkOrder | 'title' | 'circle';

export interface WorkListOrder {
  order?: ListOrder;
  sort?: SortDirection;
  seed?: number;
  /** The viewer's account, for the `rating` order (their own rating). */
  userId: number | null;
  scope?: WorkScope;
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

function scoped(q: WorkQuery, scope: WorkScope | undefined): WorkQuery {
  if (!scope) return q;
  if (scope.kind === 'entity') return q.where(worksOfEntity(scope.entity, scope.id));
  if (scope.kind === 'playlist') {
    return q
      .innerJoin('playlist_works as pw', 'pw.work_id', 'w.id')
      .where('pw.playlist_id', '=', scope.playlistId);
  }
  let x = q.innerJoin('reviews as r', 'r.work_id', 'w.id').where('r.user_id', '=', scope.userId);
  if (scope.progress) x = x.where('r.progress', '=', scope.progress);
  return x;
}

/**
 * The filtered query over `works as w`, shaped for the page and for the count (searchSql.ts);
 * `narrowed` when anything but the search terms filters it.
 */
export function filteredWorks(
  db: Queryable,
  filter: WorkListFilter,
  search: CompiledSearch,
): { page: WorkQuery; count: WorkQuery; narrowed: boolean } {
  let q: WorkQuery = scoped(db.selectFrom('works as w'), filter.scope);
  const conds: Expression<SqlBool>[] = [];
  if (filter.workIds) {
    conds.push(
      filter.workIds.length ? sql<SqlBool>`w.id in (${sql.join([...filter.workIds])})` : sql<SqlBool>`1 = 0`,
    );
  }
  if (filter.subtitle) {
    const local = filter.localSubtitledWorks ?? [];
    conds.push(
      local.length
        ? sql<SqlBool>`(w.has_subtitle = 1 or w.community_subtitles > 0 or w.id in (${sql.join([...local])}))`
        : sql<SqlBool>`(w.has_subtitle = 1 or w.community_subtitles > 0)`,
    );
  }
  if (filter.includeTranslationWorks === false) {
    // A translated child edition is hidden when its original is in the library too: the original
    // lists it under other_language_editions_in_db. Translations without their original stay.
    conds.push(
      sql<SqlBool>`not (w.original_workno is not null and w.original_workno <> w.source_id and exists (select 1 from works o where o.source_id = w.original_workno))`,
    );
  }
  if (filter.rootIndex !== undefined) conds.push(sql<SqlBool>`w.root_index = ${filter.rootIndex}`);
  if (filter.releaseYears) {
    // Dates are YYYY-MM-DD text: a range of strings is a range of years, and uses the index.
    const { from, to } = filter.releaseYears;
    conds.push(sql<SqlBool>`w.release >= ${`${String(from).padStart(4, '0')}-00`}`);
    conds.push(sql<SqlBool>`w.release < ${`${String(to + 1).padStart(4, '0')}-00`}`);
  }
  for (const c of conds) q = q.where(c);
  let page = q;
  let count = q;
  for (const c of search.page) page = page.where(c);
  for (const c of search.count) count = count.where(c);
  return { page, count, narrowed: conds.length > 0 || !!filter.scope };
}

function scopeOrder(scope: WorkScope | undefined): string | null {
  if (scope?.kind === 'playlist' && scope.byAddition) return 'pw.added_at';
  if (scope?.kind === 'reviews' && scope.byUpdate) return 'r.updated_at';
  return null;
}

/** The list's order, always followed by `w.id` in the same direction, so pages are deterministic. */
export function ordered(q: WorkQuery, o: WorkListOrder): WorkQuery {
  const dir: SortDirection = o.sort === 'asc' ? 'asc' : 'desc';
  const column = scopeOrder(o.scope);
  if (column) return q.orderBy(sql.ref(column), dir).orderBy('w.id', dir);
  const order = o.order ?? 'create_date';
  if (order === 'random') {
    const seed = o.seed ?? 0;
    const key = sql`((w.random_key % ${RANDOM_PRIME}) * ${2 * seed + 1} + ${seed * 7919}) % ${RANDOM_PRIME}`;
    return q.orderBy(key, dir).orderBy('w.id', dir);
  }
  if (order === 'rating') {
    const userId = o.userId;
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
  if (order === 'title') return q.orderBy('w.title', dir).orderBy('w.id', dir);
  if (order === 'circle') {
    const circleName = sql`(select c.name from circles c where c.id = w.circle_id)`;
    return q.orderBy(circleName, dir).orderBy('w.title', dir).orderBy('w.id', dir);
  }
  return q.orderBy(sql.ref(ORDER_COLUMNS[order]), dir).orderBy('w.id', dir);
}

/** The ids of one page of the filtered query. */
export function pageIdsQuery(
  page: WorkQuery,
  o: WorkListOrder,
  limit: number,
  offset: number,
): CompiledQuery<{ id: number }> {
  return ordered(page.select('w.id'), o).limit(limit).offset(offset).compile() as CompiledQuery<{
    id: number;
  }>;
}

/** The number of works the filtered query matches. */
export function countQuery(count: WorkQuery): CompiledQuery<{ n: number }> {
  return count.select(sql<number>`count(*)`.as('n')).compile() as CompiledQuery<{ n: number }>;
}

/** The ids of every work the filtered query matches (a list of ids kept in the caller's order). */
export async function matchingIds(count: WorkQuery): Promise<Set<number>> {
  const rows = await count.select('w.id').execute();
  return new Set(rows.map((r) => r.id as number));
}

export async function runCompiled<R>(db: Queryable, query: CompiledQuery<R>): Promise<R[]> {
  return (await db.executeQuery(query)).rows;
}
