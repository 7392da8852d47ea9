/**
 * The scanner's statements: what a scan reads of the catalogue, and how it writes works, their
 * files and links, circles, voice actors and tags. The batching (how many rows per statement, what
 * goes in one transaction) and every decision stay in the scanner (scanner/writer.ts,
 * scanner/entities.ts); each function here is one statement for the rows it is handed.
 */
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database, NewWork } from '../db/schema.ts';
import type { Dialect, Queryable } from './queryable.ts';

type New<T extends keyof Database> = Insertable<Database[T]>;

/** A catalogued work as a scan compares against it. */
export interface KnownWork {
  id: number;
  source_id: string;
  root_index: number;
  folder_path: string;
  scan_signature: string;
  /** What reading it left out, as JSON (scanner/index.ts `storedProblems`). */
  scan_problems: string | null;
}

/** Every catalogued work's place on disk and tree signature: what a scan compares against. */
export async function knownWorks(q: Queryable): Promise<KnownWork[]> {
  return q
    .selectFrom('works')
    .select(['id', 'source_id', 'root_index', 'folder_path', 'scan_signature', 'scan_problems'])
    .execute();
}

/** What the last scan recorded of a work's files, to skip re-reading unchanged ones. */
export async function fileFactsOfWork(q: Queryable, workId: number) {
  return q
    .selectFrom('files')
    .select(['path', 'size', 'mtime', 'duration', 'charset', 'content_type'])
    .where('work_id', '=', workId)
    .execute();
}

export async function countFiles(q: Queryable): Promise<number> {
  const row = await q
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Instances sharing one PostgreSQL database take turns on a session advisory lock (per schema)
 * held on one connection for the whole scan.
 */
export async function lockScans(conn: Queryable): Promise<void> {
  await sql`select pg_advisory_lock(hashtext(current_schema() || ':sasayaki-scan'))`.execute(conn);
}

export async function unlockScans(conn: Queryable): Promise<void> {
  await sql`select pg_advisory_unlock(hashtext(current_schema() || ':sasayaki-scan'))`.execute(conn);
}

/** Every scan transaction starts here. */
export async function startScanTransaction(trx: Queryable, dialect: Dialect): Promise<void> {
  // A scan commits thousands of small transactions; waiting for each WAL flush buys nothing
  // (a crash loses at most the last works' writes, which the next scan redoes).
  if (dialect === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
  // SQLite: take the write lock before reading, so a scan in another process (the CLI while the
  // server runs) makes this one wait instead of failing on a stale snapshot.
  else await sql`update works set updated_at = updated_at where id = -1`.execute(trx);
}

// Works

export async function hasWork(q: Queryable, workId: number): Promise<boolean> {
  return !!(await q.selectFrom('works').select(['id']).where('id', '=', workId).executeTakeFirst());
}

export async function insertWorkRows(q: Queryable, rows: NewWork[]): Promise<void> {
  await q.insertInto('works').values(rows).execute();
}

export async function updateWorkRow(q: Queryable, workId: number, row: Partial<NewWork>): Promise<void> {
  await q.updateTable('works').set(row).where('id', '=', workId).execute();
}

/** Removes works with their files and links (reviews and playlists keep their work ids). */
export async function deleteWorksWithLinks(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.deleteFrom('files').where('work_id', 'in', ids).execute();
  await q.deleteFrom('work_vas').where('work_id', 'in', ids).execute();
  await q.deleteFrom('work_tags').where('work_id', 'in', ids).execute();
  await q.deleteFrom('works').where('id', 'in', ids).execute();
}

// Voice-actor and tag links

export async function deleteWorkVas(q: Queryable, workId: number): Promise<void> {
  await q.deleteFrom('work_vas').where('work_id', '=', workId).execute();
}

export async function insertWorkVas(q: Queryable, rows: New<'work_vas'>[]): Promise<void> {
  await q.insertInto('work_vas').values(rows).execute();
}

/** The tags a work's metadata links (not the links users made). */
export async function metadataTagIds(q: Queryable, workId: number): Promise<number[]> {
  const rows = await q
    .selectFrom('work_tags')
    .select('tag_id')
    .where('work_id', '=', workId)
    .where('origin', '=', 'metadata')
    .execute();
  return rows.map((r) => r.tag_id);
}

/** The tag links of these works (at most a few hundred) that a moderator removed, as `work:tag`. */
export async function removedTagLinks(q: Queryable, workIds: readonly number[]): Promise<Set<string>> {
  if (!workIds.length) return new Set();
  const rows = await q
    .selectFrom('work_tag_removals')
    .select(['work_id', 'tag_id'])
    .where('work_id', 'in', workIds)
    .execute();
  return new Set(rows.map((r) => `${r.work_id}:${r.tag_id}`));
}

export async function deleteMetadataTagLinks(q: Queryable, workId: number, tagIds: number[]): Promise<void> {
  await q
    .deleteFrom('work_tags')
    .where('work_id', '=', workId)
    .where('origin', '=', 'metadata')
    .where('tag_id', 'in', tagIds)
    .execute();
}

/** Inserts tag links; with `keepExisting`, a link already there (and its vote counters) stays. */
export async function insertTagLinks(
  q: Queryable,
  rows: New<'work_tags'>[],
  keepExisting = false,
): Promise<void> {
  const insert = q.insertInto('work_tags').values(rows);
  await (keepExisting
    ? insert.onConflict((oc) => oc.columns(['work_id', 'tag_id']).doNothing())
    : insert
  ).execute();
}

// Files

export async function filesOfWork(q: Queryable, workId: number) {
  return q.selectFrom('files').selectAll().where('work_id', '=', workId).execute();
}

export async function deleteFiles(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.deleteFrom('files').where('id', 'in', ids).execute();
}

export async function insertFiles(
  q: Queryable,
  rows: New<'files'>[],
): Promise<{ id: number; work_id: number; path: string }[]> {
  return q.insertInto('files').values(rows).returning(['id', 'work_id', 'path']).execute();
}

/** What a scan records of a file's contents. */
export async function updateFileFacts(
  q: Queryable,
  id: number,
  facts: Pick<New<'files'>, 'type' | 'size' | 'mtime' | 'duration' | 'charset' | 'content_type'>,
): Promise<void> {
  await q.updateTable('files').set(facts).where('id', '=', id).execute();
}

/** Links a subtitle file to its audio file (null: to none). */
export async function setAudioLink(q: Queryable, id: number, audioFileId: number | null): Promise<void> {
  await q.updateTable('files').set({ audio_file_id: audioFileId }).where('id', '=', id).execute();
}

// Circles

export interface CircleRow {
  id: number;
  name: string;
  source_id: string;
}

/** Circles by id: an existing row takes the new name, and the source id only when one is given. */
export async function upsertCircles(q: Queryable, rows: CircleRow[]): Promise<void> {
  await q
    .insertInto('circles')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: (eb) => eb.ref('excluded.name'),
        source_id: sql<string>`case when excluded.source_id = '' then circles.source_id
            else excluded.source_id end`,
      }),
    )
    .execute();
}

/** Circles of these names, oldest (lowest id) first. */
export async function circlesNamed(
  q: Queryable,
  names: readonly string[],
): Promise<{ id: number; name: string }[]> {
  return q.selectFrom('circles').select(['id', 'name']).where('name', 'in', names).orderBy('id').execute();
}

/** Circles of these names with ids from `minId` on: the stand-ins of circles known only by name. */
export async function standInCircles(
  q: Queryable,
  names: readonly string[],
  minId: number,
): Promise<{ id: number; name: string }[]> {
  return q
    .selectFrom('circles')
    .select(['id', 'name'])
    .where('name', 'in', names)
    .where('id', '>=', minId)
    .execute();
}

/** Moves the works of these circles to `target`. */
export async function moveWorksToCircle(
  q: Queryable,
  target: number,
  fromIds: readonly number[],
): Promise<void> {
  await q.updateTable('works').set({ circle_id: target }).where('circle_id', 'in', fromIds).execute();
}

export async function deleteCircles(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.deleteFrom('circles').where('id', 'in', ids).execute();
}

// Voice actors and tags

/** Voice actors by id; one already there stays as it is. */
export async function insertVas(q: Queryable, rows: New<'vas'>[]): Promise<void> {
  await q
    .insertInto('vas')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function tagsNamed(
  q: Queryable,
  names: readonly string[],
): Promise<{ id: number; name: string }[]> {
  return q.selectFrom('tags').select(['id', 'name']).where('name', 'in', names).execute();
}

export async function tagsWithIds(
  q: Queryable,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return q.selectFrom('tags').select(['id', 'name']).where('id', 'in', ids).execute();
}

export async function tagNameOf(q: Queryable, id: number): Promise<string | undefined> {
  const row = await q.selectFrom('tags').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}

export async function insertTags(q: Queryable, rows: New<'tags'>[]): Promise<void> {
  await q.insertInto('tags').values(rows).execute();
}

export async function updateTag(q: Queryable, id: number, set: Updateable<Database['tags']>): Promise<void> {
  await q.updateTable('tags').set(set).where('id', '=', id).execute();
}
