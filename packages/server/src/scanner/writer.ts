/**
 * Writes one work — its row, circle, voice actors, tags and files — in ONE transaction, so a
 * scan killed at any moment leaves every work either as it was or fully refreshed. The tree
 * signature is written in the same transaction: an interrupted work is redone next scan. New
 * works go in batches, one transaction each (writeNewWorks); circles, voice actors and tags are
 * written by entities.ts.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { refreshReviewedWorks } from '../services/reviews.ts';
import { inChunks, Pending, WriteCache, writeEntities } from './entities.ts';
import { nsfwOf, type WorkMetadata } from './metadata/types.ts';
import { randomKeyOf, searchText } from './summary.ts';

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

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

const tagLinks = (workId: number, ids: number[], now: number) =>
  ids.map((tagId) => ({
    work_id: workId,
    tag_id: tagId,
    origin: 'metadata',
    vote_status: 1,
    created_at: now,
  }));

/** The work's metadata tag links become `ids`; links users made, and vote counters, are kept. */
async function writeTagLinks(trx: Trx, workId: number, ids: number[], now: number): Promise<void> {
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
  const pending = new Pending();
  const result = await db.db.transaction().execute(async (trx) => {
    await startScanTransaction(trx, db.dialect);
    const { circleId, vaIds, tagIds } = (await writeEntities(trx, [w], cache, pending))[0]!;
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
    await writeTagLinks(trx, w.id, tagIds, w.now);
    await writeFiles(trx, w);
    await opts.beforeCommit?.(w.id);
    return { created: !prior, fileCount: w.files.length };
  });
  pending.learnInto(cache);
  return result;
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
  const pending = new Pending();
  await db.db.transaction().execute(async (trx) => {
    await startScanTransaction(trx, db.dialect);
    const entities = await writeEntities(trx, works, cache, pending);
    const rows = works.map((w, i) => ({
      id: w.id,
      ...workRow(w, entities[i]!.circleId),
      create_date: today(w.now),
      random_key: randomKeyOf(w.id),
    }));
    const vaLinks = works.flatMap((w, i) =>
      entities[i]!.vaIds.map((va_id, position) => ({ work_id: w.id, va_id, position })),
    );
    const tags = works.flatMap((w, i) => tagLinks(w.id, entities[i]!.tagIds, w.now));
    await inChunks(rows, (c) => trx.insertInto('works').values(c).execute());
    await refreshReviewedWorks(
      trx,
      rows.map((r) => r.id),
    );
    await inChunks(vaLinks, (c) => trx.insertInto('work_vas').values(c).execute());
    await inChunks(tags, (c) => trx.insertInto('work_tags').values(c).execute());
    // Files first, then subtitles with the ids of the audio files they belong to.
    const idOf = new Map<string, number>();
    const key = (workId: number, p: string) => `${workId}\u0000${p}`;
    const plain = works.flatMap((w) =>
      w.files
        .filter((f) => !w.subtitleLinks.has(f.path))
        .map((f) => ({ work_id: w.id, ...f, audio_file_id: null })),
    );
    await inChunks(plain, async (c) => {
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
    await inChunks(subtitles, (c) => trx.insertInto('files').values(c).execute());
    for (const w of works) await opts.beforeCommit?.(w.id);
  });
  pending.learnInto(cache);
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
