/**
 * The catalogue tables as the Work serialiser reads them (mappers/work.ts): work rows by id, and
 * for a page of works their circles, voice actors, tags and other language editions, each in one
 * query for all ids; the viewer's own votes, reviews and playlist memberships; the catalogue
 * generation (db/migrations.ts).
 */
import type { CompiledQuery } from 'kysely';
import type { WorkRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

/** The columns a Work is built from (search_text, scan bookkeeping and paths are left out). */
export const WORK_COLUMNS = [
  'w.id',
  'w.source_id',
  'w.source_type',
  'w.source_url',
  'w.title',
  'w.circle_id',
  'w.release',
  'w.create_date',
  'w.price',
  'w.dl_count',
  'w.rate_count',
  'w.rate_average_2dp',
  'w.rate_count_detail',
  'w.site_rate_count_detail',
  'w.review_count',
  'w.rank',
  'w.age_category',
  'w.nsfw',
  'w.has_subtitle',
  'w.community_subtitles',
  'w.duration',
  'w.lang',
  'w.language_editions',
  'w.translation_info',
  'w.original_workno',
  'w.work_attributes',
] as const;

export type WorkListRow = Pick<
  WorkRow,
  | 'id'
  | 'source_id'
  | 'source_type'
  | 'source_url'
  | 'title'
  | 'circle_id'
  | 'release'
  | 'create_date'
  | 'price'
  | 'dl_count'
  | 'rate_count'
  | 'rate_average_2dp'
  | 'rate_count_detail'
  | 'site_rate_count_detail'
  | 'review_count'
  | 'rank'
  | 'age_category'
  | 'nsfw'
  | 'has_subtitle'
  | 'community_subtitles'
  | 'duration'
  | 'lang'
  | 'language_editions'
  | 'translation_info'
  | 'original_workno'
  | 'work_attributes'
>;
export async function workRowsByIds(q: Queryable, ids: readonly number[]): Promise<WorkListRow[]> {
  return (await q
    .selectFrom('works as w')
    .select(WORK_COLUMNS)
    .where('w.id', 'in', ids)
    .execute()) as WorkListRow[];
}

export async function circlesByIds(q: Queryable, ids: readonly number[]) {
  return q
    .selectFrom('circles')
    .select(['id', 'name', 'source_id', 'source_type'])
    .where('id', 'in', ids)
    .execute();
}

export async function vasOfWorks(q: Queryable, workIds: readonly number[]) {
  return q
    .selectFrom('work_vas as wv')
    .innerJoin('vas as a', 'a.id', 'wv.va_id')
    .select(['wv.work_id', 'a.id', 'a.name'])
    .where('wv.work_id', 'in', workIds)
    .orderBy('wv.work_id')
    .orderBy('wv.position')
    .orderBy('a.name')
    .execute();
}

export async function tagsOfWorks(q: Queryable, workIds: readonly number[]) {
  return q
    .selectFrom('work_tags as wt')
    .innerJoin('tags as t', 't.id', 'wt.tag_id')
    .select([
      'wt.work_id',
      'wt.upvote',
      'wt.downvote',
      'wt.vote_status',
      't.id',
      't.name',
      't.name_en',
      't.name_ja',
      't.name_zh',
      't.censored_en',
      't.censored_ja',
      't.censored_zh',
    ])
    .where('wt.work_id', 'in', workIds)
    .execute();
}

/** The works of these codes: the other language editions of a page. */
export async function worksByCodes(q: Queryable, codes: readonly string[]) {
  return q
    .selectFrom('works')
    .select(['id', 'source_id', 'source_type', 'title', 'lang', 'original_workno', 'translation_info'])
    .where('source_id', 'in', codes)
    .execute();
}

export async function viewerVotes(q: Queryable, userId: number, workIds: readonly number[]) {
  return q
    .selectFrom('tag_votes')
    .select(['work_id', 'tag_id', 'status'])
    .where('user_id', '=', userId)
    .where('work_id', 'in', workIds)
    .execute();
}

export async function viewerReviews(q: Queryable, userId: number, workIds: readonly number[]) {
  return q
    .selectFrom('reviews')
    .select(['work_id', 'rating', 'review_text', 'progress', 'updated_at'])
    .where('user_id', '=', userId)
    .where('work_id', 'in', workIds)
    .execute();
}

/** Which of these works are in which of these playlists of the user. */
export async function viewerMemberships(
  q: Queryable,
  userId: number,
  playlistIds: readonly string[],
  workIds: readonly number[],
) {
  return q
    .selectFrom('playlist_works as pw')
    .innerJoin('playlists as p', 'p.id', 'pw.playlist_id')
    .select(['pw.playlist_id', 'pw.work_id'])
    .where('p.user_id', '=', userId)
    .where('pw.playlist_id', 'in', playlistIds)
    .where('pw.work_id', 'in', workIds)
    .execute();
}

/** What the heads of a page show beside the work rows (mappers/work.ts headNeeds says which). */
export interface WorkHeadParts {
  circles: Awaited<ReturnType<typeof circlesByIds>>;
  vas: Awaited<ReturnType<typeof vasOfWorks>>;
  tags: Awaited<ReturnType<typeof tagsOfWorks>>;
  /** The works the rows' language editions and translation links name. */
  related: Awaited<ReturnType<typeof worksByCodes>>;
}

/** The circles, voice actors, tags and related editions of a page: four queries at most. */
export async function workHeadParts(
  q: Queryable,
  needs: { ids: readonly number[]; circleIds: readonly number[]; codes: readonly string[] },
): Promise<WorkHeadParts> {
  const [circles, vas, tags, related] = await Promise.all([
    needs.circleIds.length ? circlesByIds(q, needs.circleIds) : [],
    vasOfWorks(q, needs.ids),
    tagsOfWorks(q, needs.ids),
    needs.codes.length ? worksByCodes(q, needs.codes) : [],
  ]);
  return { circles, vas, tags, related };
}

/** The viewer's own rows for the works of a page. */
export interface ViewerRows {
  votes: Awaited<ReturnType<typeof viewerVotes>>;
  reviews: Awaited<ReturnType<typeof viewerReviews>>;
  memberships: Awaited<ReturnType<typeof viewerMemberships>>;
}

/** A viewer's votes, reviews and (of the playlists asked about) memberships: up to three queries. */
export async function viewerRows(
  q: Queryable,
  userId: number,
  workIds: readonly number[],
  playlistIds: readonly string[],
): Promise<ViewerRows> {
  const [votes, reviews, memberships] = await Promise.all([
    viewerVotes(q, userId, workIds),
    viewerReviews(q, userId, workIds),
    playlistIds.length ? viewerMemberships(q, userId, playlistIds, workIds) : [],
  ]);
  return { votes, reviews, memberships };
}

/** The catalogue generation, compiled once and run before every page. */
export function generationQuery(q: Queryable): CompiledQuery<{ generation: number }> {
  return q.selectFrom('catalogue_state').select('generation').where('id', '=', 1).compile();
}

/** Most changes a cache applies one by one; past that it drops everything (a big scan). */
export const CHANGES_READ_MAX = 5_000;

/**
 * The generation now, with the changes committed after `seen` (migration 110), oldest first:
 * one statement, so both come from one snapshot. `seen` beyond every generation reads none.
 */
export async function changesSince(
  q: Queryable,
  seen: number,
): Promise<{ head: number; changed: number | null; scope: string | null }[]> {
  const rows = await q
    .selectFrom('catalogue_state as s')
    .leftJoin('catalogue_changes as c', (j) => j.on('c.generation', '>', seen))
    .select(['s.generation as head', 'c.generation as changed', 'c.scope as scope'])
    .where('s.id', '=', 1)
    .orderBy('c.generation')
    .limit(CHANGES_READ_MAX + 1)
    .execute();
  return rows.map((r) => ({
    head: Number(r.head),
    changed: r.changed === null ? null : Number(r.changed),
    scope: r.scope,
  }));
}
