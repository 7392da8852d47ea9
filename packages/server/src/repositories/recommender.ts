/**
 * What the recommender reads and writes: `recommender_events`, and the activity (reviews,
 * playlist additions) and catalogue features (tags, voice actors, circles) it ranks by.
 */
import { PLAY_EVENTS } from '@sasayaki/contract';
import { sql } from 'kysely';
import type { Queryable } from './queryable.ts';

/** Records an event; the listener's earlier event of this type on this work is replaced. */
export async function insertEvent(
  q: Queryable,
  row: {
    subject: string;
    user_id: number | null;
    work_id: number;
    type: string;
    weight: number;
    created_at: number;
    viewer: string;
  },
): Promise<void> {
  await q
    .insertInto('recommender_events')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['subject', 'work_id', 'type']).doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        weight: eb.ref('excluded.weight'),
        created_at: eb.ref('excluded.created_at'),
        viewer: eb.ref('excluded.viewer'),
      })),
    )
    .execute();
}

/** Drops events older than a time (they no longer weigh in any ranking). */
export async function deleteEventsBefore(q: Queryable, before: number): Promise<void> {
  await q.deleteFrom('recommender_events').where('created_at', '<', before).execute();
}

/**
 * Event weights per work and day (days of `day` ms since the epoch) since a time, each viewer
 * counted once per work and type: the strongest of their events of that type, on its latest day.
 */
export async function dailyEventWeights(q: Queryable, since: number, day: number) {
  const perViewer = q
    .selectFrom('recommender_events')
    .select((eb) => ['work_id', eb.fn.max('weight').as('w'), eb(eb.fn.max('created_at'), '/', day).as('day')])
    .where('created_at', '>', since)
    .groupBy(['work_id', 'viewer', 'type']);
  return q
    .selectFrom(perViewer.as('v'))
    .select((eb) => ['v.work_id', 'v.day', eb.fn.sum<number>('v.w').as('w')])
    .groupBy(['v.work_id', 'v.day'])
    .execute();
}

/** Reviews per work and day since a time, with their stars summed (3 for an unrated review). */
export async function dailyReviews(q: Queryable, since: number, day: number) {
  return q
    .selectFrom('reviews')
    .select((eb) => [
      'work_id',
      eb(eb.ref('updated_at'), '/', day).as('day'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.fn.coalesce('rating', eb.val(3))).as('stars'),
    ])
    .where('updated_at', '>', since)
    .groupBy(['work_id', 'day'])
    .execute();
}

/** Playlist additions per work and day since a time. */
export async function dailyPlaylistAdds(q: Queryable, since: number, day: number) {
  return q
    .selectFrom('playlist_works')
    .select((eb) => ['work_id', eb(eb.ref('added_at'), '/', day).as('day'), eb.fn.countAll<number>().as('n')])
    .where('added_at', '>', since)
    .groupBy(['work_id', 'day'])
    .execute();
}

/** The most rated, then most downloaded works of the store data. */
export async function bestKnownWorks(q: Queryable, limit: number): Promise<number[]> {
  const rows = await q
    .selectFrom('works')
    .select('id')
    .orderBy('rate_count', 'desc')
    .orderBy('dl_count', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The tags (not downvoted), voice actors and circle of these works. */
export async function featureRows(q: Queryable, ids: readonly number[]) {
  return Promise.all([
    q
      .selectFrom('work_tags')
      .select(['work_id', 'tag_id'])
      .where('work_id', 'in', ids)
      .where('vote_status', '!=', 2)
      .execute(),
    q.selectFrom('work_vas').select(['work_id', 'va_id']).where('work_id', 'in', ids).execute(),
    q.selectFrom('works').select(['id', 'circle_id']).where('id', 'in', ids).execute(),
  ]);
}

/** How many works carry each of these tags. */
export async function tagWorkCounts(q: Queryable, tagIds: readonly number[]) {
  return q
    .selectFrom('work_tags')
    .select((eb) => ['tag_id', eb.fn.countAll<number>().as('n')])
    .where('tag_id', 'in', tagIds)
    .groupBy('tag_id')
    .execute();
}

export async function worksOfVas(q: Queryable, vaIds: readonly string[], limit: number) {
  return q
    .selectFrom('work_vas')
    .select(['work_id', 'va_id'])
    .where('va_id', 'in', vaIds)
    .limit(limit)
    .execute();
}

export async function worksOfCircles(q: Queryable, circleIds: readonly number[], limit: number) {
  return q
    .selectFrom('works')
    .select(['id', 'circle_id'])
    .where('circle_id', 'in', circleIds)
    .limit(limit)
    .execute();
}

export async function countWorks(q: Queryable): Promise<number> {
  const row = await q
    .selectFrom('works')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Works scored by the summed weight of their tags (not downvoted) among these, best first. */
export async function worksByTagWeight(
  q: Queryable,
  tagIds: readonly number[],
  weightOf: ReadonlyMap<number, number>,
  limit: number,
) {
  // Summed in SQL, best first: a common tag can be on most of a large catalogue.
  const score = sql<number>`sum(case ${sql.join(
    tagIds.map((t) => sql`when tag_id = ${t} then cast(${weightOf.get(t) ?? 0} as double precision)`),
    sql` `,
  )} else 0 end)`;
  return q
    .selectFrom('work_tags')
    .select(['work_id', score.as('s')])
    .where('tag_id', 'in', tagIds)
    .where('vote_status', '!=', 2)
    .groupBy('work_id')
    .orderBy('s', 'desc')
    .limit(limit)
    .execute();
}

/** The listeners (subjects) of these works, other than the excluded ones. */
export async function subjectsOfWorks(
  q: Queryable,
  workIds: readonly number[],
  excludeSubjects: readonly string[],
  limit: number,
): Promise<string[]> {
  let sq = q.selectFrom('recommender_events').select('subject').distinct().where('work_id', 'in', workIds);
  if (excludeSubjects.length) sq = sq.where('subject', 'not in', excludeSubjects);
  return (await sq.limit(limit).execute()).map((r) => r.subject);
}

/** Other works of these listeners, with how many of them engaged with each. */
export async function worksOfSubjects(
  q: Queryable,
  subjects: readonly string[],
  exceptWorkIds: readonly number[],
) {
  return q
    .selectFrom('recommender_events')
    .select((eb) => ['work_id', eb.fn.count<number>('subject').distinct().as('n')])
    .where('subject', 'in', subjects)
    .where('work_id', 'not in', exceptWorkIds)
    .groupBy('work_id')
    .execute();
}

export async function recommenderUuidOf(q: Queryable, userId: number): Promise<string | undefined> {
  const u = await q
    .selectFrom('users')
    .select('recommender_uuid')
    .where('id', '=', userId)
    .executeTakeFirst();
  return u?.recommender_uuid;
}

/** The newest events of these subjects or of this account. */
export async function eventsOf(
  q: Queryable,
  subjects: readonly string[],
  userId: number | null,
  limit: number,
) {
  return q
    .selectFrom('recommender_events')
    .select(['work_id', 'type', 'weight', 'created_at'])
    .where((eb) => {
      const ors = [];
      if (subjects.length) ors.push(eb('subject', 'in', subjects));
      if (userId !== null) ors.push(eb('user_id', '=', userId));
      return ors.length ? eb.or(ors) : eb.val(false);
    })
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function reviewHistory(q: Queryable, userId: number) {
  return q
    .selectFrom('reviews')
    .select(['work_id', 'rating', 'progress', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** The works the user added to their playlists, and when. */
export async function playlistAddHistory(q: Queryable, userId: number) {
  return q
    .selectFrom('playlist_works as pw')
    .innerJoin('playlists as p', 'p.id', 'pw.playlist_id')
    .select(['pw.work_id', 'pw.added_at'])
    .where('p.user_id', '=', userId)
    .execute();
}

/**
 * The works a user's listening events name, most recent or most frequent first (the Subsonic
 * album lists `recent` and `frequent`).
 */
export async function playedWorksOfUser(
  q: Queryable,
  userId: number,
  order: 'recent' | 'frequent',
  limit: number,
): Promise<number[]> {
  const rows = await q
    .selectFrom('recommender_events')
    .select(['work_id', sql<number>`max(created_at)`.as('last'), sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .where('type', 'in', PLAY_EVENTS)
    .groupBy('work_id')
    .orderBy(order === 'recent' ? sql`max(created_at)` : sql`count(*)`, 'desc')
    .orderBy('work_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.work_id));
}
