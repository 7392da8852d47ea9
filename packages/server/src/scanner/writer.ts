/**
 * Writes one work — its row, circle, voice actors, tags and files — in ONE transaction, so a
 * scan killed at any moment leaves every work either as it was or fully refreshed. The tree
 * signature is written in the same transaction: an interrupted work is redone next scan.
 */
import { sql, type Transaction } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { refreshReviewedWorks } from '../services/reviews.ts';
import { nsfwOf, type TagMeta, type WorkMetadata } from './metadata/types.ts';
import { randomKeyOf, searchText, syntheticId } from './summary.ts';

export const VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';

export const vaIdOf = (name: string) => uuidv5(name, VA_NAMESPACE);

type Trx = Transaction<Database>;

export interface ScannedFile {
  path: string;
  type: string;
  size: number;
  mtime: number;
  duration: number | null;
  charset: string | null;
}

export interface WorkWrite {
  id: number;
  code: string;
  rootIndex: number;
  folderPath: string;
  metadata: WorkMetadata;
  files: ScannedFile[];
  /** Subtitle path → audio path. */
  subtitleLinks: Map<string, string>;
  coverPath: string | null;
  duration: number;
  signature: string;
  now: number;
}

export interface WriteResult {
  created: boolean;
  fileCount: number;
}

/**
 * What one scan has already written of circles, voice actors and tags, so that the thousand
 * works of one circle do not upsert it a thousand times. Entries join the cache only after
 * their transaction commits: a rolled-back work leaves no false memory behind.
 */
export class WriteCache {
  readonly circles = new Map<string, number>();
  readonly vas = new Set<string>();
  readonly tags = new Map<string, number>();
}

interface Pending {
  circles: [string, number][];
  vas: string[];
  tags: [string, number][];
}

/** After a commit: what it wrote joins the scan's cache. */
function learn(cache: WriteCache, pending: Pending): void {
  for (const [k, id] of pending.circles) cache.circles.set(k, id);
  for (const name of pending.vas) cache.vas.add(name);
  for (const [k, id] of pending.tags) cache.tags.set(k, id);
}

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Circles known only by name (from a folder name) get ids from this value up. */
const SYNTHETIC_ID_BASE = 1_000_000_000;

async function upsertCircle(
  trx: Trx,
  c: NonNullable<WorkMetadata['circle']>,
  cache: WriteCache,
  pending: Pending,
): Promise<number> {
  const key = JSON.stringify([c.id ?? null, c.name, c.sourceId ?? null]);
  // What this transaction wrote wins over the cache: a store circle may have merged away the
  // name-only circle the cache remembers.
  const cached = pending.circles.findLast(([k]) => k === key)?.[1] ?? cache.circles.get(key);
  if (cached !== undefined) return cached;
  const id = await upsertCircleRow(trx, c);
  pending.circles.push([key, id]);
  // A store circle absorbs its name-only stand-in: later name-only lookups must find the store id.
  if (c.id) pending.circles.push([JSON.stringify([null, c.name, null]), id]);
  return id;
}

async function upsertCircleRow(trx: Trx, c: NonNullable<WorkMetadata['circle']>): Promise<number> {
  if (!c.id) {
    const known = await trx
      .selectFrom('circles')
      .select('id')
      .where('name', '=', c.name)
      .orderBy('id')
      .executeTakeFirst();
    if (known) return known.id;
  }
  const id = c.id ?? syntheticId(`circle:${c.name}`);
  await trx
    .insertInto('circles')
    .values({ id, name: c.name, source_id: c.sourceId ?? '' })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ name: c.name, ...(c.sourceId ? { source_id: c.sourceId } : {}) }),
    )
    .execute();
  if (c.id) {
    // A circle first met by name only (a folder name) is the same circle: merge it into the real id.
    const standIns = await trx
      .selectFrom('circles')
      .select('id')
      .where('name', '=', c.name)
      .where('id', '>=', SYNTHETIC_ID_BASE)
      .where('id', '!=', id)
      .execute();
    const ids = standIns.map((r) => r.id);
    if (ids.length) {
      await trx.updateTable('works').set({ circle_id: id }).where('circle_id', 'in', ids).execute();
      await trx.deleteFrom('circles').where('id', 'in', ids).execute();
    }
  }
  return id;
}

async function upsertVas(trx: Trx, names: string[], cache: WriteCache, pending: Pending): Promise<string[]> {
  const unique = [...new Set(names)];
  for (const name of unique) {
    if (cache.vas.has(name)) continue;
    pending.vas.push(name);
    await trx
      .insertInto('vas')
      .values({ id: vaIdOf(name), name })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return unique.map(vaIdOf);
}

/** The tag's id: the store's id when given, else an existing tag of that name, else a new one. */
async function upsertTag(trx: Trx, t: TagMeta): Promise<number> {
  const byName = await trx.selectFrom('tags').select('id').where('name', '=', t.name).executeTakeFirst();
  const names = {
    name_en: t.en ?? null,
    name_ja: t.ja ?? null,
    name_zh: t.zh ?? null,
    censored_en: t.censoredEn ?? null,
    censored_ja: t.censoredJa ?? null,
    censored_zh: t.censoredZh ?? null,
  };
  // Only the locales this source knows are updated: a provider without i18n keeps what another gave.
  const known = Object.fromEntries(Object.entries(names).filter(([, v]) => v !== null));
  if (t.id !== undefined) {
    const byId = await trx
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('id', '=', t.id)
      .executeTakeFirst();
    if (byId) {
      const rename = byId.name !== t.name && !byName;
      if (rename || Object.keys(known).length) {
        await trx
          .updateTable('tags')
          .set({ ...known, ...(rename ? { name: t.name } : {}) })
          .where('id', '=', t.id)
          .execute();
      }
      return t.id;
    }
    if (!byName) {
      await trx
        .insertInto('tags')
        .values({ id: t.id, name: t.name, ...names })
        .execute();
      return t.id;
    }
  }
  if (byName) {
    if (Object.keys(known).length)
      await trx.updateTable('tags').set(known).where('id', '=', byName.id).execute();
    return byName.id;
  }
  let id = syntheticId(`tag:${t.name}`);
  while (await trx.selectFrom('tags').select('id').where('id', '=', id).executeTakeFirst()) id++;
  await trx
    .insertInto('tags')
    .values({ id, name: t.name, ...names })
    .execute();
  return id;
}

/** Ids of the work's metadata tags, upserting tags this scan has not written yet. */
async function tagIdsFor(trx: Trx, tags: TagMeta[], cache: WriteCache, pending: Pending): Promise<number[]> {
  const ids: number[] = [];
  for (const t of tags) {
    const key = JSON.stringify(t);
    let id = cache.tags.get(key);
    if (id === undefined) {
      id = await upsertTag(trx, t);
      pending.tags.push([key, id]);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const tagLinks = (workId: number, ids: number[], now: number) =>
  ids.map((tagId) => ({
    work_id: workId,
    tag_id: tagId,
    origin: 'metadata',
    vote_status: 1,
    created_at: now,
  }));

async function writeTags(
  trx: Trx,
  workId: number,
  tags: TagMeta[],
  now: number,
  cache: WriteCache,
  pending: Pending,
): Promise<void> {
  const ids = await tagIdsFor(trx, tags, cache, pending);
  const current = await trx
    .selectFrom('work_tags')
    .select('tag_id')
    .where('work_id', '=', workId)
    .where('origin', '=', 'metadata')
    .execute();
  const gone = current.map((r) => r.tag_id).filter((id) => !ids.includes(id));
  if (gone.length) {
    await trx
      .deleteFrom('work_tags')
      .where('work_id', '=', workId)
      .where('origin', '=', 'metadata')
      .where('tag_id', 'in', gone)
      .execute();
  }
  // Existing links keep their vote counters; a tag a user attached earlier stays theirs.
  if (ids.length) {
    await trx
      .insertInto('work_tags')
      .values(tagLinks(workId, ids, now))
      .onConflict((oc) => oc.columns(['work_id', 'tag_id']).doNothing())
      .execute();
  }
}

async function writeFiles(trx: Trx, w: WorkWrite): Promise<void> {
  const existing = await trx.selectFrom('files').selectAll().where('work_id', '=', w.id).execute();
  const byPath = new Map(existing.map((f) => [f.path, f]));
  const wanted = new Set(w.files.map((f) => f.path));
  const gone = existing.filter((f) => !wanted.has(f.path)).map((f) => f.id);
  for (let i = 0; i < gone.length; i += 500) {
    await trx
      .deleteFrom('files')
      .where('id', 'in', gone.slice(i, i + 500))
      .execute();
  }
  const idByPath = new Map<string, number>();
  const fresh: ScannedFile[] = [];
  for (const f of w.files) {
    const old = byPath.get(f.path);
    if (!old) {
      fresh.push(f);
      continue;
    }
    idByPath.set(f.path, old.id);
    if (
      old.type !== f.type ||
      old.size !== f.size ||
      old.mtime !== f.mtime ||
      old.duration !== f.duration ||
      old.charset !== f.charset
    ) {
      await trx
        .updateTable('files')
        .set({ type: f.type, size: f.size, mtime: f.mtime, duration: f.duration, charset: f.charset })
        .where('id', '=', old.id)
        .execute();
    }
  }
  // New files go in two passes: everything but subtitles, then subtitles with their audio id.
  const linkOf = (f: ScannedFile) => {
    const audio = w.subtitleLinks.get(f.path);
    return audio ? (idByPath.get(audio) ?? null) : null;
  };
  const insertedLink = new Map<string, number | null>();
  for (const batch of [
    fresh.filter((f) => !w.subtitleLinks.has(f.path)),
    fresh.filter((f) => w.subtitleLinks.has(f.path)),
  ]) {
    for (let i = 0; i < batch.length; i += 200) {
      const values = batch.slice(i, i + 200).map((f) => ({ work_id: w.id, ...f, audio_file_id: linkOf(f) }));
      const rows = await trx.insertInto('files').values(values).returning(['id', 'path']).execute();
      for (const r of rows) idByPath.set(r.path, r.id);
      for (const v of values) insertedLink.set(v.path, v.audio_file_id);
    }
  }
  const oldLink = new Map<string, number | null>(existing.map((f) => [f.path, f.audio_file_id]));
  for (const [p, link] of insertedLink) oldLink.set(p, link);
  for (const f of w.files) {
    const link = linkOf(f);
    if ((oldLink.get(f.path) ?? null) !== link) {
      await trx
        .updateTable('files')
        .set({ audio_file_id: link })
        .where('id', '=', idByPath.get(f.path)!)
        .execute();
    }
  }
}

/** The works row of a scanned work (create_date and random_key are set on insert only). */
function workRow(w: WorkWrite, circleId: number | null) {
  const m = w.metadata;
  return {
    source_id: w.code,
    source_type: 'DLSITE',
    source_url: m.sourceUrl ?? '',
    title: m.title,
    circle_id: circleId,
    release: m.release,
    price: m.price,
    dl_count: m.dlCount,
    rate_count: m.rateCount,
    rate_average_2dp: m.rateAverage,
    rate_count_detail: JSON.stringify(m.rateDetail),
    rank: m.rank ? JSON.stringify(m.rank) : null,
    age_category: m.ageCategory,
    nsfw: nsfwOf(m) ? 1 : 0,
    has_subtitle: [...w.subtitleLinks.values()].length > 0 ? 1 : 0,
    duration: w.duration,
    lang: m.lang,
    language_editions: JSON.stringify(m.languageEditions),
    translation_info: JSON.stringify(m.translationInfo),
    original_workno: m.originalWorkno,
    work_attributes: m.workAttributes,
    search_text: searchText(m),
    root_index: w.rootIndex,
    folder_path: w.folderPath,
    scan_signature: w.signature,
    cover_path: w.coverPath,
    metadata_source: m.source,
    updated_at: w.now,
  };
}

/** Every scan transaction starts here. */
async function startScanTransaction(trx: Trx, dialect: Db['dialect']): Promise<void> {
  // A scan commits thousands of small transactions; waiting for each WAL flush buys nothing
  // (a crash loses at most the last works' writes, which the next scan redoes).
  if (dialect === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
  // SQLite: take the write lock before reading, so a scan in another process (the CLI while the
  // server runs) makes this one wait instead of failing on a stale snapshot.
  else await sql`update works set updated_at = updated_at where id = -1`.execute(trx);
}

/** Test seam: runs inside the work's transaction just before commit (throwing rolls it back). */
export type BeforeCommit = (workId: number) => void | Promise<void>;

export interface WriteOptions {
  cache?: WriteCache;
  beforeCommit?: BeforeCommit;
}

export async function writeWork(db: Db, w: WorkWrite, opts: WriteOptions = {}): Promise<WriteResult> {
  const cache = opts.cache ?? new WriteCache();
  const pending: Pending = { circles: [], vas: [], tags: [] };
  const result = await db.db.transaction().execute(async (trx) => {
    await startScanTransaction(trx, db.dialect);
    const m = w.metadata;
    const circleId = m.circle ? await upsertCircle(trx, m.circle, cache, pending) : null;
    const vaIds = await upsertVas(trx, m.vas, cache, pending);
    const prior = await trx.selectFrom('works').select(['id']).where('id', '=', w.id).executeTakeFirst();
    const row = workRow(w, circleId);
    if (prior) {
      await trx.updateTable('works').set(row).where('id', '=', w.id).execute();
    } else {
      // create_date is the day the work entered the library; kept on every later rescan.
      await trx
        .insertInto('works')
        .values({ id: w.id, ...row, create_date: today(w.now), random_key: randomKeyOf(w.id) })
        .execute();
      await refreshReviewedWorks(trx, [w.id]);
    }
    await trx.deleteFrom('work_vas').where('work_id', '=', w.id).execute();
    if (vaIds.length) {
      await trx
        .insertInto('work_vas')
        .values(vaIds.map((va_id, position) => ({ work_id: w.id, va_id, position })))
        .execute();
    }
    await writeTags(trx, w.id, m.tags, w.now, cache, pending);
    await writeFiles(trx, w);
    await opts.beforeCommit?.(w.id);
    return { created: !prior, fileCount: w.files.length };
  });
  learn(cache, pending);
  return result;
}

/** Rows per multi-row insert: far below both databases' limits on bound parameters. */
const INSERT_CHUNK = 500;

async function insertChunked<T>(
  items: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK) await insert(items.slice(i, i + INSERT_CHUNK));
}

/**
 * Writes works the database does not hold yet, all in ONE transaction, with a few multi-row
 * inserts for the whole batch (works, voice-actor and tag links, files) instead of a dozen
 * statements per work: what makes a first scan fast. All or nothing: a failing batch leaves the
 * database as it was (the caller then writes its works one by one, so one bad work costs only
 * itself).
 */
export async function writeNewWorks(
  db: Db,
  works: readonly WorkWrite[],
  opts: WriteOptions = {},
): Promise<void> {
  const cache = opts.cache ?? new WriteCache();
  const pending: Pending = { circles: [], vas: [], tags: [] };
  await db.db.transaction().execute(async (trx) => {
    await startScanTransaction(trx, db.dialect);
    const rows = [];
    const vaLinks = [];
    const tags = [];
    // Store circles first: a name-only circle of the same batch then finds the store row instead of
    // becoming a stand-in that the store circle would merge away under rows not written yet.
    const circleIds = new Map<number, number>();
    const storeFirst = [...works].sort(
      (a, b) => Number(!a.metadata.circle?.id) - Number(!b.metadata.circle?.id),
    );
    for (const w of storeFirst) {
      if (w.metadata.circle) circleIds.set(w.id, await upsertCircle(trx, w.metadata.circle, cache, pending));
    }
    for (const w of works) {
      const m = w.metadata;
      const circleId = circleIds.get(w.id) ?? null;
      const vaIds = await upsertVas(trx, m.vas, cache, pending);
      rows.push({
        id: w.id,
        ...workRow(w, circleId),
        create_date: today(w.now),
        random_key: randomKeyOf(w.id),
      });
      vaLinks.push(...vaIds.map((va_id, position) => ({ work_id: w.id, va_id, position })));
      tags.push(...tagLinks(w.id, await tagIdsFor(trx, m.tags, cache, pending), w.now));
    }
    await insertChunked(rows, (c) => trx.insertInto('works').values(c).execute());
    await refreshReviewedWorks(
      trx,
      rows.map((r) => r.id),
    );
    await insertChunked(vaLinks, (c) => trx.insertInto('work_vas').values(c).execute());
    await insertChunked(tags, (c) => trx.insertInto('work_tags').values(c).execute());
    // Files first, then subtitles with the ids of the audio files they belong to.
    const idOf = new Map<string, number>();
    const key = (workId: number, p: string) => `${workId}\u0000${p}`;
    const plain = works.flatMap((w) =>
      w.files
        .filter((f) => !w.subtitleLinks.has(f.path))
        .map((f) => ({ work_id: w.id, ...f, audio_file_id: null })),
    );
    await insertChunked(plain, async (c) => {
      const ids = await trx.insertInto('files').values(c).returning(['id', 'work_id', 'path']).execute();
      for (const r of ids) idOf.set(key(r.work_id, r.path), r.id);
    });
    const subtitles = works.flatMap((w) =>
      w.files
        .filter((f) => w.subtitleLinks.has(f.path))
        .map((f) => ({
          work_id: w.id,
          ...f,
          audio_file_id: idOf.get(key(w.id, w.subtitleLinks.get(f.path)!)) ?? null,
        })),
    );
    await insertChunked(subtitles, (c) => trx.insertInto('files').values(c).execute());
    for (const w of works) await opts.beforeCommit?.(w.id);
  });
  learn(cache, pending);
}

/** Removes works whose folder vanished; files, voice-actor and tag links cascade. */
export async function removeWorks(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('files').where('work_id', 'in', chunk).execute();
      await trx.deleteFrom('work_vas').where('work_id', 'in', chunk).execute();
      await trx.deleteFrom('work_tags').where('work_id', 'in', chunk).execute();
      await trx.deleteFrom('works').where('id', 'in', chunk).execute();
    });
  }
}
