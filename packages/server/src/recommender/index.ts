/**
 * The recommender (docs/recommender.md). Three signals, all from this site's own activity:
 *   - listening feedback of the player (recommender_events: start, minutes and percent milestones),
 *   - reviews (ratings and progress) and
 *   - playlist additions,
 * each weighted and decayed with a half-life of HALF_LIFE_DAYS.
 *
 * popular:        Σ decayed weights per work over the last WINDOW_DAYS.
 * item neighbours: shared tags (rarer tags count more), shared voice actors, same circle, plus
 *                 co-listening (listeners who engaged with both works).
 * for a listener: a profile of tags, voice actors and circles from their history (the user's,
 *                 or the anonymous recommenderUuid's), scored over all works, plus co-listening;
 *                 works they finished are left out. Without history: popular.
 * The ranked ids then go through catalogue `listWorks` (keyword, subtitle, pagination, the
 * caller's fields), so every list has the one Work shape.
 */
import { createHash } from 'node:crypto';
import { RECOMMENDER_EVENTS, type RecommenderEvent } from '@sasayaki/contract';
import type { Db } from '../db/connect.ts';
import { fail } from '../errors.ts';
import {
  bestKnownWorks,
  countWorks,
  dailyEventWeights,
  dailyPlaylistAdds,
  dailyReviews,
  deleteEventsBefore,
  eventsOf,
  featureRows,
  insertEvent,
  playlistAddHistory,
  recommenderUuidOf,
  reviewHistory,
  subjectsOfWorks,
  tagWorkCounts,
  worksByTagWeight,
  worksOfCircles,
  worksOfSubjects,
  worksOfVas,
} from '../repositories/recommender.ts';
import { workExists } from '../repositories/works.ts';

export const HALF_LIFE_DAYS = 14;
export const WINDOW_DAYS = 120;
/** How many ranked works a list is cut to before filtering and paging. */
export const CANDIDATES = 500;
const DAY = 86_400_000;
const PRUNE_EVERY_MS = 3600_000;

/** Feedback types the player and the app send, with their weight in the scores. */
export const FEEDBACK_WEIGHTS: Record<RecommenderEvent, number> = {
  start: 1,
  play5m: 1,
  play15m: 1.5,
  play30m: 2,
  play60m: 2.5,
  progress30: 1.5,
  progress60: 2,
  progress90: 3,
  rate: 2,
  mark: 2,
  like: 3,
  dislike: -3,
};
export const FEEDBACK_TYPES = RECOMMENDER_EVENTS;
/** Events that say the listener finished the work. */
const FINISHED_EVENTS = ['progress90'];
const FINISHED_PROGRESS = ['listened', 'replay'];
const PLAYLIST_ADD_WEIGHT = 2;
const REVIEW_BASE_WEIGHT = 1;

const decay = (ageMs: number) => 0.5 ** (Math.max(0, ageMs) / (HALF_LIFE_DAYS * DAY));

function addTo(map: Map<number, number>, key: number, v: number): void {
  map.set(key, (map.get(key) ?? 0) + v);
}

function ranked(scores: Map<number, number>, exclude: ReadonlySet<number> = new Set()): number[] {
  return [...scores]
    .filter(([id, s]) => s > 0 && !exclude.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, CANDIDATES)
    .map(([id]) => id);
}

/**
 * Who an event counts for in the popular ranking: the account when signed in (guests excepted),
 * else the client's address, hashed (not kept as such). Fresh browser ids from one address then
 * count as one viewer: a script cannot raise a work by inventing listeners.
 */
export function viewerOf(userId: number | null, address: string): string {
  if (userId !== null) return `u:${userId}`;
  return `a:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
}

/** When events were last pruned, per database. */
const lastPrune = new WeakMap<Db, number>();

export async function recordFeedback(
  db: Db,
  event: {
    type: string;
    subject: string;
    userId: number | null;
    workId: number;
    /** Who it counts for in the popular ranking (viewerOf); by default the account, else the subject. */
    viewer?: string;
  },
): Promise<void> {
  const weight = FEEDBACK_WEIGHTS[event.type as RecommenderEvent];
  if (weight === undefined) throw fail('RECOMMENDER_EVENT_INVALID', { types: FEEDBACK_TYPES.join(', ') });
  if (!(await workExists(db, event.workId))) throw fail('RECOMMENDER_ITEM_UNKNOWN');
  const now = Date.now();
  // One row per listener, work and type: a repeated event refreshes the row, never adds one.
  await insertEvent(db, {
    subject: event.subject,
    user_id: event.userId,
    work_id: event.workId,
    type: event.type,
    weight,
    created_at: now,
    viewer: event.viewer ?? (event.userId !== null ? `u:${event.userId}` : `s:${event.subject}`),
  });
  // Events past the window weigh nothing any more: dropped now and then, so the table holds
  // at most WINDOW_DAYS of events.
  if (now - (lastPrune.get(db) ?? 0) > PRUNE_EVERY_MS) {
    lastPrune.set(db, now);
    await deleteEventsBefore(db, now - WINDOW_DAYS * DAY);
  }
}

/** Decayed popularity of every work with recent activity. */
export async function popularityScores(db: Db, now = Date.now()): Promise<Map<number, number>> {
  const since = now - WINDOW_DAYS * DAY;
  const scores = new Map<number, number>();
  const [events, reviews, adds] = await Promise.all([
    dailyEventWeights(db, since, DAY),
    dailyReviews(db, since, DAY),
    dailyPlaylistAdds(db, since, DAY),
  ]);
  const age = (day: unknown) => now - Math.floor(Number(day)) * DAY;
  for (const e of events) addTo(scores, e.work_id, Number(e.w) * decay(age(e.day)));
  // A review counts REVIEW_BASE_WEIGHT, plus (stars − 3) / 2 when rated: 5★ adds 1, 1★ takes 1.
  for (const r of reviews) {
    const n = Number(r.n);
    addTo(scores, r.work_id, (n * REVIEW_BASE_WEIGHT + (Number(r.stars) - 3 * n) / 2) * decay(age(r.day)));
  }
  for (const a of adds) addTo(scores, a.work_id, Number(a.n) * PLAYLIST_ADD_WEIGHT * decay(age(a.day)));
  return scores;
}

/** Works popular lists are filled up to from the store's own figures while activity is thin. */
export const COLD_START_FILL = 100;

/**
 * Popular works by decayed activity. A new site has little activity: the list is then filled up
 * to COLD_START_FILL with the best-rated, most downloaded works of the store data.
 */
export async function popularIds(db: Db): Promise<number[]> {
  const ids = ranked(await popularityScores(db));
  if (ids.length >= COLD_START_FILL) return ids;
  const fill = await bestKnownWorks(db, COLD_START_FILL);
  const seen = new Set(ids);
  for (const id of fill) if (!seen.has(id) && ids.length < COLD_START_FILL) ids.push(id);
  return ids;
}

interface Features {
  tags: Map<number, number[]>;
  vas: Map<number, string[]>;
  circle: Map<number, number | null>;
}

async function featuresOf(db: Db, ids: number[]): Promise<Features> {
  const f: Features = { tags: new Map(), vas: new Map(), circle: new Map() };
  if (!ids.length) return f;
  const [tags, vas, works] = await featureRows(db, ids);
  for (const t of tags) f.tags.set(t.work_id, [...(f.tags.get(t.work_id) ?? []), t.tag_id]);
  for (const v of vas) f.vas.set(v.work_id, [...(f.vas.get(v.work_id) ?? []), v.va_id]);
  for (const w of works) f.circle.set(w.id, w.circle_id);
  return f;
}

/** A taste profile: weights per tag, voice actor and circle. */
interface Profile {
  tags: Map<number, number>;
  vas: Map<string, number>;
  circles: Map<number, number>;
}

const TAG_WEIGHT = 1;
const VA_WEIGHT = 1.5;
const CIRCLE_WEIGHT = 1;
const CO_LISTEN_WEIGHT = 0.5;
/** The strongest tags, voice actors and circles of a profile that take part in scoring. */
const PROFILE_KEYS = 20;
/** Works kept from the tag scoring, best first. */
const TAG_CANDIDATES = 2000;

/**
 * Scores every work by the profile: Σ profile weight × idf over the work's tags (a tag on fewer
 * works says more), plus voice actors and circle.
 */
async function scoreByProfile(db: Db, profile: Profile): Promise<Map<number, number>> {
  const scores = new Map<number, number>();
  const strongest = <K>(m: Map<K, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, PROFILE_KEYS)
      .map(([k]) => k);
  const tagIds = strongest(profile.tags);
  const vaIds = strongest(profile.vas);
  const circleIds = strongest(profile.circles);
  const [tagCounts, vaRows, circleRows, total] = await Promise.all([
    tagIds.length ? tagWorkCounts(db, tagIds) : [],
    vaIds.length ? worksOfVas(db, vaIds, 20_000) : [],
    circleIds.length ? worksOfCircles(db, circleIds, 20_000) : [],
    countWorks(db),
  ]);
  if (tagIds.length) {
    const n = Math.max(1, total);
    const weightOf = new Map(
      tagCounts.map((c) => [
        c.tag_id,
        TAG_WEIGHT * (profile.tags.get(c.tag_id) ?? 0) * Math.log(1 + n / Math.max(1, Number(c.n))),
      ]),
    );
    const rows = await worksByTagWeight(db, tagIds, weightOf, TAG_CANDIDATES);
    for (const r of rows) addTo(scores, r.work_id, Number(r.s));
  }
  for (const r of vaRows) addTo(scores, r.work_id, VA_WEIGHT * (profile.vas.get(r.va_id) ?? 0));
  for (const r of circleRows)
    if (r.circle_id !== null) addTo(scores, r.id, CIRCLE_WEIGHT * (profile.circles.get(r.circle_id) ?? 0));
  return scores;
}

function profileOf(history: Map<number, number>, f: Features): Profile {
  const p: Profile = { tags: new Map(), vas: new Map(), circles: new Map() };
  for (const [workId, w] of history) {
    for (const t of f.tags.get(workId) ?? []) p.tags.set(t, (p.tags.get(t) ?? 0) + w);
    for (const v of f.vas.get(workId) ?? []) p.vas.set(v, (p.vas.get(v) ?? 0) + w);
    const c = f.circle.get(workId);
    if (c !== null && c !== undefined) p.circles.set(c, (p.circles.get(c) ?? 0) + w);
  }
  // Normalise so a long history does not drown the co-listening signal.
  const max = Math.max(1e-9, ...history.values());
  for (const m of [p.tags, p.vas, p.circles] as Map<unknown, number>[])
    for (const [k, v] of m) m.set(k, v / max);
  return p;
}

/**
 * Works engaged with by the listeners of the given works (events of other subjects), weighted by
 * how many of those listeners share them, on a log scale.
 */
async function coListening(
  db: Db,
  workIds: number[],
  excludeSubjects: string[],
): Promise<Map<number, number>> {
  const scores = new Map<number, number>();
  if (!workIds.length) return scores;
  const subjects = await subjectsOfWorks(db, workIds, excludeSubjects, 1000);
  if (!subjects.length) return scores;
  const rows = await worksOfSubjects(db, subjects, workIds);
  for (const r of rows) scores.set(r.work_id, CO_LISTEN_WEIGHT * Math.log2(1 + Number(r.n)));
  return scores;
}

/** Works most like one work: shared tags, voice actors, circle and co-listening. */
export async function neighbourIds(db: Db, itemId: number): Promise<number[]> {
  if (!(await workExists(db, itemId))) throw fail('WORK_NOT_FOUND');
  const f = await featuresOf(db, [itemId]);
  const profile = profileOf(new Map([[itemId, 1]]), f);
  const [byProfile, co] = await Promise.all([scoreByProfile(db, profile), coListening(db, [itemId], [])]);
  for (const [id, s] of co) addTo(byProfile, id, s);
  return ranked(byProfile, new Set([itemId]));
}

export interface Listener {
  /** recommenderUuid sent by the browser (anonymous or signed in). */
  subject: string | null;
  userId: number | null;
}

/** The listener's history as decayed weight per work, and the works they finished. */
async function historyOf(db: Db, who: Listener, now = Date.now()) {
  const history = new Map<number, number>();
  const finished = new Set<number>();
  const subjects: string[] = [];
  if (who.subject) subjects.push(who.subject);
  if (who.userId !== null) {
    const uuid = await recommenderUuidOf(db, who.userId);
    if (uuid !== undefined && !subjects.includes(uuid)) subjects.push(uuid);
  }
  const events = subjects.length || who.userId !== null ? await eventsOf(db, subjects, who.userId, 2000) : [];
  for (const e of events) {
    addTo(history, e.work_id, Math.max(0, Number(e.weight)) * decay(now - Number(e.created_at)));
    if (FINISHED_EVENTS.includes(e.type)) finished.add(e.work_id);
  }
  if (who.userId !== null) {
    const [reviews, adds] = await Promise.all([
      reviewHistory(db, who.userId),
      playlistAddHistory(db, who.userId),
    ]);
    for (const r of reviews) {
      const w = REVIEW_BASE_WEIGHT + (r.rating === null ? 0 : (r.rating - 3) / 2) * 2;
      addTo(history, r.work_id, Math.max(0, w) * decay(now - Number(r.updated_at)));
      if (r.progress && FINISHED_PROGRESS.includes(r.progress)) finished.add(r.work_id);
    }
    for (const a of adds) addTo(history, a.work_id, PLAYLIST_ADD_WEIGHT * decay(now - Number(a.added_at)));
  }
  return { history, finished, subjects };
}

/**
 * Recommendations for a listener: their taste profile plus co-listening; finished works left
 * out; popular works fill the list when the history is empty or short.
 */
export async function forListenerIds(db: Db, who: Listener): Promise<number[]> {
  const { history, finished, subjects } = await historyOf(db, who);
  const popular = await popularIds(db);
  if (!history.size) return popular.filter((id) => !finished.has(id));
  // The 50 strongest works of the history shape the profile.
  const top = new Map([...history].sort((a, b) => b[1] - a[1]).slice(0, 50));
  const f = await featuresOf(db, [...top.keys()]);
  const [byProfile, co] = await Promise.all([
    scoreByProfile(db, profileOf(top, f)),
    coListening(db, [...top.keys()], subjects),
  ]);
  for (const [id, s] of co) addTo(byProfile, id, s);
  const ids = ranked(byProfile, finished);
  const seen = new Set(ids);
  for (const id of popular) if (!seen.has(id) && !finished.has(id) && ids.length < CANDIDATES) ids.push(id);
  return ids;
}
