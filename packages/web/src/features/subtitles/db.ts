/**
 * The local subtitle database (IndexedDB through Dexie): the three tables of the imported
 * archives, their files' contents (shared between archives by hash) and the records that tie a
 * file path and its work ids to both. docs/web.md, "Local subtitle database".
 */
import Dexie, { type EntityTable } from 'dexie';

export interface SubtitlePackage {
  id: number;
  file_name: string;
  /** Bytes of the archive. */
  size: number;
  /** SHA-256 of the archive: the same archive is imported once. */
  file_hash: string;
  created_at: number;
  /** 'processing' while a chunked import is writing; only finished packages are offered. */
  status: 'processing' | 'finished';
  file_count: number;
  work_count: number;
}

export interface SubtitleContent {
  id: number;
  size: number;
  /** SHA-256 of the UTF-8 text, byte-order mark removed. */
  file_hash: string;
  /** The subtitle as UTF-8 text, whatever encoding the archive held. */
  content: Uint8Array;
  /** End of the last caption, seconds: the duration the matcher compares with a track's. */
  duration: number;
  created_at: number;
}

export interface SubtitleRecord {
  id: number;
  /** Path inside the archive, nested archives included (`a.zip/RJ01234567/01.lrc`). */
  subtitle_file_path: string;
  /** Ids of the works whose codes appear in the path. */
  product_ids: number[];
  subtitle_package_id: number;
  subtitle_content_id: number;
  created_at: number;
}

export type SubtitleDb = Dexie & {
  subtitle_package: EntityTable<SubtitlePackage, 'id'>;
  subtitle_content: EntityTable<SubtitleContent, 'id'>;
  subtitle_record: EntityTable<SubtitleRecord, 'id'>;
};

export const DB_NAME = 'sasayaki-subtitles';

/**
 * Every version of the schema, oldest first. A change adds a version (never edits an old one)
 * with an `upgrade` that rewrites existing rows, so a user's imports survive the update.
 */
export const SCHEMA_VERSIONS: {
  version: number;
  stores: Record<string, string>;
  upgrade?: (tx: import('dexie').Transaction) => Promise<void>;
}[] = [
  {
    version: 1,
    stores: {
      subtitle_package: '++id, &file_hash, status',
      subtitle_content: '++id, &file_hash',
      subtitle_record: '++id, *product_ids, subtitle_package_id, subtitle_content_id',
    },
  },
];

/** Opens the database; `deps` lets tests hand in fake-indexeddb. */
export function openSubtitleDb(
  name = DB_NAME,
  deps?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange },
): SubtitleDb {
  const db = new Dexie(name, deps) as SubtitleDb;
  for (const v of SCHEMA_VERSIONS) {
    const version = db.version(v.version).stores(v.stores);
    if (v.upgrade) version.upgrade(v.upgrade);
  }
  return db;
}

let shared: SubtitleDb | null = null;

/** The app's one connection (per thread: the page and the import worker each have theirs). */
export function subtitleDb(): SubtitleDb {
  shared ??= openSubtitleDb();
  return shared;
}

export const ALL_TABLES = ['subtitle_package', 'subtitle_content', 'subtitle_record'] as const;
