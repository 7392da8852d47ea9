/**
 * Writes one work — its row, circle, voice actors, tags and files — in ONE transaction, so a
 * scan killed at any moment leaves every work either as it was or fully refreshed. The tree
 * signature is written in the same transaction: an interrupted work is redone next scan. New
 * works go in batches, one transaction each (writeNewWorks); circles, voice actors and tags are
 * written by entities.ts.
 */

import { CHUNK, chunked } from '../chunked.ts';
import type { Db } from '../db/connect.ts';
import { nsfwOf, type WorkMetadata } from '../metadata/types.ts';
import type { Queryable } from '../repositories/queryable.ts';
import {
  deleteFiles,
  deleteMetadataTagLinks,
  deleteWorksWithLinks,
  deleteWorkVas,
  filesOfWork,
  hasWork,
  insertFiles,
  insertTagLinks,
  insertWorkRows,
  insertWorkVas,
  metadataTagIds,
  removedTagLinks,
  setAudioLink,
  startScanTransaction,
  updateFileFacts,
  updateWorkRow,
} from '../repositories/scan.ts';
import { Pending, WriteCache, writeEntities } from './entities.ts';
import { randomKeyOf, searchText } from './summary.ts';

type Trx = Queryable;

export interface ScannedFile {
  path: string;
  type: string;
  size: number;
  mtime: number;
  duration: number | null;
  charset: string | null;
  /** The type found in an audio file's content when its extension says another; else null. */
  content_type: string | null;
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
  /** What reading the work left out (JSON, paths relative to the work), or null. */
  problems: string | null;
  now: number;
}

export interface WriteResult {
  created: boolean;
  fileCount: number;
}

/** File rows per insert when a known work gets new files. */
const FILE_ROWS = 200;

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

const tagLinks = (workId: number, ids: number[], now: number) =>
  ids.map((tagId) => ({
    work_id: workId,
    tag_id: tagId,
    origin: 'metadata',
    vote_status: 1,
    created_at: now,
  }));

/**
 * The work's metadata tag links become `ids`, less those a moderator removed (the console); links
 * users made, and vote counters, are kept.
 */
async function writeTagLinks(trx: Trx, workId: number, allIds: number[], now: number): Promise<void> {
  const removed = await removedTagLinks(trx, [workId]);
  const ids = allIds.filter((id) => !removed.has(`${workId}:${id}`));
  const current = await metadataTagIds(trx, workId);
  const gone = current.filter((id) => !ids.includes(id));
  if (gone.length) await deleteMetadataTagLinks(trx, workId, gone);
  if (ids.length) await insertTagLinks(trx, tagLinks(workId, ids, now), true);
}

async function writeFiles(trx: Trx, w: WorkWrite): Promise<void> {
  const existing = await filesOfWork(trx, w.id);
  const byPath = new Map(existing.map((f) => [f.path, f]));
  const wanted = new Set(w.files.map((f) => f.path));
  const gone = existing.filter((f) => !wanted.has(f.path)).map((f) => f.id);
  await chunked(gone, CHUNK, (ids) => deleteFiles(trx, ids));
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
      old.charset !== f.charset ||
      (old.content_type ?? null) !== f.content_type
    ) {
      const { type, size, mtime, duration, charset, content_type } = f;
      await updateFileFacts(trx, old.id, { type, size, mtime, duration, charset, content_type });
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
    await chunked(batch, FILE_ROWS, async (files) => {
      const values = files.map((f) => ({ work_id: w.id, ...f, audio_file_id: linkOf(f) }));
      for (const r of await insertFiles(trx, values)) idByPath.set(r.path, r.id);
      for (const v of values) insertedLink.set(v.path, v.audio_file_id);
    });
  }
  const oldLink = new Map<string, number | null>(existing.map((f) => [f.path, f.audio_file_id]));
  for (const [p, link] of insertedLink) oldLink.set(p, link);
  for (const f of w.files) {
    const link = linkOf(f);
    if ((oldLink.get(f.path) ?? null) !== link) {
      await setAudioLink(trx, idByPath.get(f.path)!, link);
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
    review_count: m.reviewCount,
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
    scan_problems: w.problems,
    cover_path: w.coverPath,
    metadata_source: m.source,
    updated_at: w.now,
  };
}

/** Test seam: runs inside the work's transaction just before commit (throwing rolls it back). */
export type BeforeCommit = (workId: number) => void | Promise<void>;

/**
 * What the rest of the catalogue adds to a scan's writes, inside their transaction: the scanner
 * knows works and files, the services know what else a new work implies (services/scans/hooks.ts).
 */
export interface ScanHooks {
  /** Works the scan inserted (new, or back after their folder vanished). */
  worksAdded(trx: Queryable, workIds: readonly number[]): Promise<void>;
}

export interface WriteOptions {
  hooks: ScanHooks;
  cache?: WriteCache;
  beforeCommit?: BeforeCommit;
}

export async function writeWork(db: Db, w: WorkWrite, opts: WriteOptions): Promise<WriteResult> {
  const cache = opts.cache ?? new WriteCache();
  const pending = new Pending();
  const result = await db.transaction().execute(async (trx) => {
    await startScanTransaction(trx, db.dialect);
    const { circleId, vaIds, tagIds } = (await writeEntities(trx, [w], cache, pending))[0]!;
    const prior = await hasWork(trx, w.id);
    const row = workRow(w, circleId);
    if (prior) {
      await updateWorkRow(trx, w.id, row);
    } else {
      // create_date is the day the work entered the library; kept on every later rescan.
      await insertWorkRows(trx, [
        { id: w.id, ...row, create_date: today(w.now), random_key: randomKeyOf(w.id) },
      ]);
      await opts.hooks.worksAdded(trx, [w.id]);
    }
    await deleteWorkVas(trx, w.id);
    if (vaIds.length) {
      await insertWorkVas(
        trx,
        vaIds.map((va_id, position) => ({ work_id: w.id, va_id, position })),
      );
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
export async function writeNewWorks(db: Db, works: readonly WorkWrite[], opts: WriteOptions): Promise<void> {
  const cache = opts.cache ?? new WriteCache();
  const pending = new Pending();
  await db.transaction().execute(async (trx) => {
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
    const removed = new Set(
      await chunked(
        works.map((w) => w.id),
        CHUNK,
        async (ids) => [...(await removedTagLinks(trx, ids))],
      ),
    );
    const tags = works
      .flatMap((w, i) => tagLinks(w.id, entities[i]!.tagIds, w.now))
      .filter((t) => !removed.has(`${t.work_id}:${t.tag_id}`));
    await chunked(rows, CHUNK, (c) => insertWorkRows(trx, c));
    await opts.hooks.worksAdded(
      trx,
      rows.map((r) => r.id),
    );
    await chunked(vaLinks, CHUNK, (c) => insertWorkVas(trx, c));
    await chunked(tags, CHUNK, (c) => insertTagLinks(trx, c));
    // Files first, then subtitles with the ids of the audio files they belong to.
    const idOf = new Map<string, number>();
    const key = (workId: number, p: string) => `${workId}\u0000${p}`;
    const plain = works.flatMap((w) =>
      w.files
        .filter((f) => !w.subtitleLinks.has(f.path))
        .map((f) => ({ work_id: w.id, ...f, audio_file_id: null })),
    );
    await chunked(plain, CHUNK, async (c) => {
      for (const r of await insertFiles(trx, c)) idOf.set(key(r.work_id, r.path), r.id);
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
    await chunked(subtitles, CHUNK, (c) => insertFiles(trx, c));
    for (const w of works) await opts.beforeCommit?.(w.id);
  });
  pending.learnInto(cache);
}

/** Removes works whose folder vanished; files, voice-actor and tag links cascade. */
export async function removeWorks(db: Db, ids: number[]): Promise<void> {
  await chunked(ids, CHUNK, (chunk) => db.transaction().execute((trx) => deleteWorksWithLinks(trx, chunk)));
}
