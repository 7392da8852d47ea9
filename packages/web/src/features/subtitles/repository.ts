/** Every read and write of the local subtitle database goes through here. */
import {
  ALL_TABLES,
  type SubtitleContent,
  type SubtitleDb,
  type SubtitlePackage,
  type SubtitleRecord,
} from './db.ts';

/** Rows per bulk insert (a chunk of a large archive is written in one go of this size). */
export const BULK_INSERT_SIZE = 10_000;

/** A subtitle file ready to be stored. */
export interface PreparedFile {
  path: string;
  productIds: number[];
  hash: string;
  content: Uint8Array;
  duration: number;
}

function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function hasPackageWithHash(db: SubtitleDb, hash: string): Promise<boolean> {
  return (await db.subtitle_package.where('file_hash').equals(hash).count()) > 0;
}

export function addPackage(db: SubtitleDb, row: Omit<SubtitlePackage, 'id'>): Promise<number> {
  return db.subtitle_package.add(row as SubtitlePackage);
}

/**
 * Stores files of a package: contents already stored (same hash, from this or another archive)
 * are shared, new ones added; then one record per file. Call inside a transaction.
 */
export async function writeFiles(
  db: SubtitleDb,
  packageId: number,
  files: readonly PreparedFile[],
): Promise<void> {
  const now = Date.now();
  const idByHash = new Map<string, number>();
  const hashes = [...new Set(files.map((f) => f.hash))];
  for (const part of slices(hashes, BULK_INSERT_SIZE)) {
    for (const c of await db.subtitle_content.where('file_hash').anyOf(part).toArray())
      idByHash.set(c.file_hash, c.id);
  }
  const fresh: Omit<SubtitleContent, 'id'>[] = [];
  const queued = new Set<string>();
  for (const f of files) {
    if (idByHash.has(f.hash) || queued.has(f.hash)) continue;
    queued.add(f.hash);
    fresh.push({
      size: f.content.length,
      file_hash: f.hash,
      content: f.content,
      duration: f.duration,
      created_at: now,
    });
  }
  for (const part of slices(fresh, BULK_INSERT_SIZE)) {
    const ids = await db.subtitle_content.bulkAdd(part as SubtitleContent[], { allKeys: true });
    part.forEach((c, i) => {
      idByHash.set(c.file_hash, ids[i] as number);
    });
  }
  const records = files.map((f) => ({
    subtitle_file_path: f.path,
    product_ids: f.productIds,
    subtitle_package_id: packageId,
    subtitle_content_id: idByHash.get(f.hash) as number,
    created_at: now,
  }));
  for (const part of slices(records, BULK_INSERT_SIZE))
    await db.subtitle_record.bulkAdd(part as SubtitleRecord[]);
}

/**
 * Removes a package, its records and the contents no other package's records use. One
 * transaction: a failed removal leaves everything as it was.
 */
export function removePackage(db: SubtitleDb, packageId: number): Promise<void> {
  return db.transaction('rw', [...ALL_TABLES], async () => {
    const records = await db.subtitle_record.where('subtitle_package_id').equals(packageId).toArray();
    await db.subtitle_record.bulkDelete(records.map((r) => r.id));
    const contentIds = [...new Set(records.map((r) => r.subtitle_content_id))];
    const stillUsed = new Set<number>();
    for (const part of slices(contentIds, BULK_INSERT_SIZE)) {
      const users = await db.subtitle_record.where('subtitle_content_id').anyOf(part).toArray();
      for (const r of users) stillUsed.add(r.subtitle_content_id);
    }
    await db.subtitle_content.bulkDelete(contentIds.filter((id) => !stillUsed.has(id)));
    await db.subtitle_package.delete(packageId);
  });
}

/** Packages a closed tab left half-written (status 'processing') are removed. */
export async function purgeUnfinished(db: SubtitleDb): Promise<void> {
  const stale = await db.subtitle_package.where('status').equals('processing').primaryKeys();
  for (const id of stale) await removePackage(db, id);
}

export function clearAll(db: SubtitleDb): Promise<void> {
  return db.transaction('rw', [...ALL_TABLES], async () => {
    await Promise.all(ALL_TABLES.map((t) => db.table(t).clear()));
  });
}

/** Finished packages, newest first. */
export async function listPackages(db: SubtitleDb): Promise<SubtitlePackage[]> {
  const all = await db.subtitle_package.where('status').equals('finished').toArray();
  return all.sort((a, b) => b.created_at - a.created_at || b.id - a.id);
}

/** Every work id that has at least one local subtitle, ascending. */
export async function subtitledWorkIds(db: SubtitleDb): Promise<number[]> {
  const keys = await db.subtitle_record.orderBy('product_ids').uniqueKeys();
  return (keys as number[]).filter((k) => typeof k === 'number');
}

/** The local subtitles of one work, with their contents. */
export async function subtitlesOfWork(
  db: SubtitleDb,
  workId: number,
): Promise<{ record: SubtitleRecord; content: SubtitleContent }[]> {
  const records = await db.subtitle_record.where('product_ids').equals(workId).toArray();
  const finished = new Set(await db.subtitle_package.where('status').equals('finished').primaryKeys());
  const usable = records.filter((r) => finished.has(r.subtitle_package_id));
  const contents = await db.subtitle_content.bulkGet(usable.map((r) => r.subtitle_content_id));
  return usable.flatMap((record, i) => {
    const content = contents[i];
    return content ? [{ record, content }] : [];
  });
}

/** Every finished package with its records and contents, for the export. */
export async function exportRows(
  db: SubtitleDb,
): Promise<{ pkg: SubtitlePackage; files: { path: string; content: Uint8Array }[] }[]> {
  const out = [];
  for (const pkg of await listPackages(db)) {
    const records = await db.subtitle_record.where('subtitle_package_id').equals(pkg.id).toArray();
    const contents = await db.subtitle_content.bulkGet(records.map((r) => r.subtitle_content_id));
    const files = records.flatMap((r, i) => {
      const c = contents[i];
      return c ? [{ path: r.subtitle_file_path, content: c.content }] : [];
    });
    out.push({ pkg, files });
  }
  return out;
}
