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
 * Bounded by bytes (the process holds 100,000 works in 200 MB: docs/catalogue.md, "Memory"):
 * the least recently used works, results and pages are dropped first, and a work or page is
 * kept from the second time it is asked for.
 */
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.ts';
import { keptBuffer } from '../keptBuffer.ts';
import { generationQuery } from '../repositories/catalogue.ts';
import { runCompiled } from '../repositories/workLists.ts';

/** Work heads, about 3 KB of JSON each: some 2,700 works. */
const MAX_HEAD_BYTES = 8 * 1024 * 1024;
/** Query results (page ids, counts, compiled search terms) with their keys (SQL text). */
const MAX_RESULT_BYTES = 6 * 1024 * 1024;
/** Longer keys (thousands of ids or terms) are rare queries: not worth the memory they would hold. */
const MAX_KEY_CHARS = 4_096;
/** Finished list pages: ~55 KB each for 20 works, so about 200 pages of 20. */
const MAX_PAGE_BYTES = 12 * 1024 * 1024;
/** What a Map entry and a small object cost beyond their contents. */
const ENTRY_BYTES = 100;

/** How many keys offered once a cache remembers (`ByteBoundedMap`'s admission). */
const SEEN_MAX = 8_192;

/**
 * What the admission remembers of a key: a number as it is, a string as a 32-bit FNV-1a hash,
 * so that 8,192 page keys of up to 4,096 characters (what a flood of distinct long queries
 * offers) hold a few hundred KB, not 64 MB. Two keys that collide only admit each other early.
 */
function seenKey(key: unknown): unknown {
  if (typeof key !== 'string') return key;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A Map that forgets its least recently used entries past a byte budget. With `admitOnSecond`,
 * a key is only kept the second time it is offered: a page or work asked for once (a listener
 * paging deep into the catalogue, a crawler) neither pushes out what is asked for again and
 * again nor turns into garbage the collector must find later, when the cache drops it. The keys
 * offered once are remembered (as `seenKey`) up to SEEN_MAX, then forgotten all at once.
 */
class ByteBoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private readonly seen = new Set<unknown>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly admitOnSecond = false,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Keeps `value` under `key` unless it is too large or offered for the first time; true if kept. */
  set(key: K, value: V, bytes: number): boolean {
    const known = this.entries.has(key);
    this.delete(key);
    if (bytes > this.maxBytes / 8) return false;
    if (this.admitOnSecond && !known) {
      const seen = seenKey(key);
      if (!this.seen.delete(seen)) {
        if (this.seen.size >= SEEN_MAX) this.seen.clear();
        this.seen.add(seen);
        return false;
      }
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
    return true;
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.seen.clear();
    this.bytes = 0;
  }

  /** Bytes held (estimated), for tests. */
  get size(): number {
    return this.bytes;
  }
}

/** Bytes of a cached value: its JSON text at two bytes a character (what V8 strings may take). */
function estimateBytes(value: unknown): number {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + ENTRY_BYTES;
  } catch {
    return 4096;
  }
}

export class WorkCache {
  private generation = -1;
  private readonly heads = new ByteBoundedMap<number, Buffer | null>(MAX_HEAD_BYTES, true);
  private readonly results = new ByteBoundedMap<string, unknown>(MAX_RESULT_BYTES);
  private readonly pages = new ByteBoundedMap<string, Buffer>(MAX_PAGE_BYTES, true);
  /** Lookups answered from the cache and not, by kind (read by /metrics). */
  readonly lookups = {
    head: { hit: 0, miss: 0 },
    result: { hit: 0, miss: 0 },
    page: { hit: 0, miss: 0 },
  };
  private readonly generationQuery: CompiledQuery<{ generation: number }>;

  constructor(private readonly db: Db) {
    this.generationQuery = generationQuery(db);
  }

  /** The current generation; whatever was cached under an older one is dropped. */
  async sync(): Promise<number> {
    const rows = await runCompiled(this.db, this.generationQuery);
    const generation = Number(rows[0]?.generation ?? 0);
    if (generation !== this.generation) {
      this.heads.clear();
      this.results.clear();
      this.pages.clear();
      this.generation = generation;
    }
    return generation;
  }

  /**
   * A generation committed since (heard from the database: services/instanceSignals.ts): what
   * is cached under an older one is dropped now rather than at the next request's `sync`.
   */
  noteGeneration(generation: number): void {
    if (!Number.isFinite(generation) || generation <= this.generation) return;
    this.heads.clear();
    this.results.clear();
    this.pages.clear();
    this.generation = generation;
  }

  /** The generation the cache holds (-1 before the first `sync`). */
  get heldGeneration(): number {
    return this.generation;
  }

  /** The cached JSON head of a work (UTF-8), null for a work left out of pages, undefined if unknown. */
  head(id: number): Buffer | null | undefined {
    const head = this.heads.get(id);
    this.count('head', head !== undefined);
    return head;
  }

  /**
   * Keeps a work's JSON built from data read at `generation` (ignored when that has passed, and
   * the first time this work is offered).
   */
  putHead(generation: number, id: number, head: Buffer | null): void {
    if (generation !== this.generation) return;
    this.heads.set(id, head && keptBuffer(head), (head?.length ?? 0) + ENTRY_BYTES);
  }

  /** A query result cached under `key` (which names the query and all its parameters). */
  result<T>(key: string): T | undefined {
    const value = this.results.get(key) as T | undefined;
    this.count('result', value !== undefined);
    return value;
  }

  /** `bytes`: what the value holds, when its JSON does not tell (compiled SQL). */
  putResult(generation: number, key: string, value: unknown, bytes = estimateBytes(value)): void {
    if (generation !== this.generation || key.length > MAX_KEY_CHARS) return;
    this.results.set(key, value, 2 * key.length + bytes);
  }

  /** The finished body of a list page cached under `key` (the query, the viewer and the origin). */
  page(key: string): Buffer | undefined {
    const body = this.pages.get(key);
    this.count('page', body !== undefined);
    return body;
  }

  private count(kind: keyof WorkCache['lookups'], hit: boolean): void {
    this.lookups[kind][hit ? 'hit' : 'miss']++;
  }

  /**
   * Keeps a finished page the second time it is offered, and answers the Buffer to send: the one
   * kept, so that its compressed copies are made once. Its compressed copies
   * (http/compression.ts) live as long as it does: a tenth of its size or less for JSON, counted
   * here with it.
   */
  putPage(generation: number, key: string, body: Buffer): Buffer {
    if (generation !== this.generation || key.length > MAX_KEY_CHARS) return body;
    const kept = keptBuffer(body);
    const bytes = Math.ceil(body.length * 1.1) + 2 * key.length + ENTRY_BYTES;
    return this.pages.set(key, kept, bytes) ? kept : body;
  }

  /** Estimated bytes held by heads, results and pages (for tests and the benchmark). */
  bytesHeld(): { heads: number; results: number; pages: number } {
    return { heads: this.heads.size, results: this.results.size, pages: this.pages.size };
  }
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
