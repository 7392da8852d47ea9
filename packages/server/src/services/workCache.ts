/**
 * What the catalogue keeps between requests: the viewer-neutral JSON of each work
 * (workSerializer.ts) and the results of list queries (page ids, match counts, compiled search
 * terms) over the catalogue tables alone, all valid for one catalogue
 * generation. The generation is a counter the database bumps on every write to the catalogue
 * tables, inside the writing transaction (db/migrations.ts), so a scan, a vote or a review
 * through any server instance, or a hand edit of the database, retires every cached copy when
 * it commits. Each request reads the generation once, before any other query of the page.
 *
 * Bounded: the least recently used works and counts are dropped first.
 */
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.ts';

/** About 3 KB of JSON each: ~15 MB at most, enough for every work of a 5,000-work library. */
const MAX_WORKS = 5_000;
const MAX_RESULTS = 2_000;
/** Longer keys (thousands of ids or terms) are rare queries: not worth the memory they would hold. */
const MAX_KEY_CHARS = 4_096;

export class WorkCache {
  private generation = -1;
  private readonly heads = new Map<number, Buffer | null>();
  private readonly results = new Map<string, unknown>();
  private readonly generationQuery: CompiledQuery<{ generation: number }>;

  constructor(private readonly db: Db) {
    this.generationQuery = db.db
      .selectFrom('catalogue_state')
      .select('generation')
      .where('id', '=', 1)
      .compile();
  }

  /** The current generation; whatever was cached under an older one is dropped. */
  async sync(): Promise<number> {
    const { rows } = await this.db.db.executeQuery(this.generationQuery);
    const generation = Number(rows[0]?.generation ?? 0);
    if (generation !== this.generation) {
      this.heads.clear();
      this.results.clear();
      this.generation = generation;
    }
    return generation;
  }

  /** The cached JSON head of a work (UTF-8), null for a work left out of pages, undefined if unknown. */
  head(id: number): Buffer | null | undefined {
    const head = this.heads.get(id);
    if (head !== undefined) {
      this.heads.delete(id);
      this.heads.set(id, head);
    }
    return head;
  }

  /** Keeps a work's JSON built from data read at `generation` (ignored when that has passed). */
  putHead(generation: number, id: number, head: Buffer | null): void {
    if (generation !== this.generation) return;
    remember(this.heads, id, head, MAX_WORKS);
  }

  /** A query result cached under `key` (which names the query and all its parameters). */
  result<T>(key: string): T | undefined {
    return this.results.get(key) as T | undefined;
  }

  putResult(generation: number, key: string, value: unknown): void {
    if (generation !== this.generation || key.length > MAX_KEY_CHARS) return;
    remember(this.results, key, value, MAX_RESULTS);
  }
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

const caches = new WeakMap<Db, WorkCache>();

/** The cache of one open database (each server instance has its own). */
export function workCacheOf(db: Db): WorkCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new WorkCache(db);
    caches.set(db, cache);
  }
  return cache;
}
