/**
 * What the catalogue keeps between requests: the viewer-neutral JSON of each work
 * (mappers/work.ts) and the results of list queries (page ids, match counts, compiled search
 * terms) over the catalogue tables alone, all valid for one catalogue
 * generation. The generation is a counter the database bumps on every write to the catalogue
 * tables, inside the writing transaction (db/migrations.ts), so a scan, a vote or a review
 * through any server instance, or a hand edit of the database, retires every cached copy when
 * it commits. Each request reads the generation once, before any other query of the page.
 *
 * Finished list pages are kept too, for as long as everything they show follows the generation
 * (services/catalogue.ts `pageKey`).
 *
 * Bounded: the least recently used works, counts and pages are dropped first.
 */
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.ts';
import { generationQuery } from '../repositories/catalogue.ts';
import { runCompiled } from '../repositories/workLists.ts';

/** About 3 KB of JSON each: ~15 MB at most, enough for every work of a 5,000-work library. */
const MAX_WORKS = 5_000;
const MAX_RESULTS = 2_000;
/** Longer keys (thousands of ids or terms) are rare queries: not worth the memory they would hold. */
const MAX_KEY_CHARS = 4_096;
/** Finished list pages: ~55 KB each for 20 works, so about 600 pages of 20. */
const MAX_PAGE_BYTES = 32 * 1024 * 1024;

export class WorkCache {
  private generation = -1;
  private readonly heads = new Map<number, Buffer | null>();
  private readonly results = new Map<string, unknown>();
  private readonly pages = new Map<string, Buffer>();
  private pageBytes = 0;
  private readonly generationQuery: CompiledQuery<{ generation: number }>;

  constructor(private readonly db: Db) {
    this.generationQuery = generationQuery(db.db);
  }

  /** The current generation; whatever was cached under an older one is dropped. */
  async sync(): Promise<number> {
    const rows = await runCompiled(this.db.db, this.generationQuery);
    const generation = Number(rows[0]?.generation ?? 0);
    if (generation !== this.generation) {
      this.heads.clear();
      this.results.clear();
      this.pages.clear();
      this.pageBytes = 0;
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

  /** The finished body of a list page cached under `key` (the query, the viewer and the origin). */
  page(key: string): Buffer | undefined {
    const body = this.pages.get(key);
    if (body) {
      this.pages.delete(key);
      this.pages.set(key, body);
    }
    return body;
  }

  putPage(generation: number, key: string, body: Buffer): void {
    if (generation !== this.generation || key.length > MAX_KEY_CHARS || body.length > MAX_PAGE_BYTES / 8)
      return;
    const old = this.pages.get(key);
    if (old) this.pageBytes -= old.length;
    this.pages.delete(key);
    this.pages.set(key, body);
    this.pageBytes += body.length;
    for (const [k, b] of this.pages) {
      if (this.pageBytes <= MAX_PAGE_BYTES) break;
      this.pages.delete(k);
      this.pageBytes -= b.length;
    }
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
