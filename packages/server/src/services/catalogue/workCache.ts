/**
 * What the catalogue keeps between requests: the viewer-neutral JSON of each work
 * (mappers/work.ts), the results of list queries (page ids, match counts, compiled search terms,
 * entity lists) over the catalogue tables alone, and finished list pages.
 *
 * Each kept thing names what it depends on (its **scopes**: `head:<id>`, `lists`, `tag:<id>`,
 * `tags`, `va:<id>`, `vas`, `entities`, `editions`, `user:<id>`), and the database records what
 * each catalogue write changed, in the writing transaction (`catalogue_changes`, migration 110).
 * Each request first reads the changes committed since the last it saw (one query, usually no
 * rows) and drops what they touch, and nothing else: a review retires its work's head and the
 * pages that show it, not the `newest` pages or another tag's works. A write through another
 * instance or by hand shows the same way. PostgreSQL instances also hear each change at once
 * (infra/cluster/signals.ts) and read it then.
 *
 * Bounded by bytes (the process holds 100,000 works in 200 MB: docs/catalogue.md, "Memory"):
 * the least recently used works, results and pages are dropped first; a work is kept from the
 * second time it is asked for, a page or result from the first.
 */
import type { Db } from '../../db/connect.ts';
import { CHANGES_KEPT } from '../../db/migrations/110_catalogue_changes.ts';
import { keptBuffer } from '../../keptBuffer.ts';
import { CHANGES_READ_MAX, changesSince } from '../../repositories/catalogue.ts';

/** Work heads, about 3 KB of JSON each: some 2,700 works. */
const MAX_HEAD_BYTES = 8 * 1024 * 1024;
/** Query results (page ids, counts, compiled search terms, entity lists) with their keys. */
const MAX_RESULT_BYTES = 8 * 1024 * 1024;
/** Longer keys (thousands of ids or terms) are rare queries: not worth the memory they would hold. */
const MAX_KEY_CHARS = 4_096;
/** Finished list pages: ~55 KB each for 20 works, so about 200 pages of 20. */
const MAX_PAGE_BYTES = 12 * 1024 * 1024;
/** What a Map entry and a small object cost beyond their contents. */
const ENTRY_BYTES = 100;
/** Changes remembered to refuse a value read before one of them (`fresh`). */
const RECENT_CHANGES = 4_096;

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
 * A Map that forgets its least recently used entries past a byte budget, telling `dropped` of
 * each entry it forgets. With `admitOnSecond`, a key is only kept the second time it is offered:
 * a work asked for once (a listener paging deep into the catalogue, a crawler) neither pushes out
 * what is asked for again and again nor turns into garbage the collector must find later. The
 * keys offered once are remembered (as `seenKey`) up to SEEN_MAX, then forgotten all at once.
 */
class ByteBoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private readonly seen = new Set<unknown>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly admitOnSecond: boolean,
    private readonly dropped: (key: K) => void,
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
    this.dropped(key);
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

/** The scopes a recorded change touches (migration 110 names the changes). */
function touched(change: string): string[] {
  if (change.startsWith('tag:')) return [change, 'tags'];
  if (change.startsWith('va:')) return [change, 'vas'];
  return [change];
}

/**
 * Which cached things depend on each scope. An entry is `h<id>` (a head), `r<key>` (a result)
 * or `p<key>` (a page).
 */
class ScopeIndex {
  private readonly byScope = new Map<string, Set<string>>();
  private readonly byEntry = new Map<string, readonly string[]>();

  add(entry: string, scopes: readonly string[]): void {
    this.remove(entry);
    this.byEntry.set(entry, scopes);
    for (const scope of scopes) {
      let set = this.byScope.get(scope);
      if (!set) {
        set = new Set();
        this.byScope.set(scope, set);
      }
      set.add(entry);
    }
  }

  remove(entry: string): void {
    const scopes = this.byEntry.get(entry);
    if (!scopes) return;
    this.byEntry.delete(entry);
    for (const scope of scopes) {
      const set = this.byScope.get(scope);
      set?.delete(entry);
      if (set?.size === 0) this.byScope.delete(scope);
    }
  }

  /** The entries that depend on `scope`. */
  entries(scope: string): string[] {
    return [...(this.byScope.get(scope) ?? [])];
  }

  clear(): void {
    this.byScope.clear();
    this.byEntry.clear();
  }
}

/** The scopes of a list's ids and count: every list reads `works` (lists). */
export type Scopes = readonly string[];

export class WorkCache {
  /** The last generation whose changes were applied (-1 before the first `sync`). */
  private seen = -1;
  private readonly index = new ScopeIndex();
  private readonly heads = new ByteBoundedMap<number, Buffer | null>(MAX_HEAD_BYTES, true, (id) =>
    this.index.remove(`h${id}`),
  );
  private readonly results = new ByteBoundedMap<string, unknown>(MAX_RESULT_BYTES, false, (key) =>
    this.index.remove(`r${key}`),
  );
  private readonly pages = new ByteBoundedMap<string, Buffer>(MAX_PAGE_BYTES, false, (key) =>
    this.index.remove(`p${key}`),
  );
  /** The last changes applied, oldest first, and the generation before the oldest one kept. */
  private readonly recent: { generation: number; scopes: string[] }[] = [];
  private recentFloor = -1;
  /** Bumped whenever `lists` or everything is dropped (covers follow it: services/covers.ts). */
  private listsEpoch = 0;
  /** Lookups answered from the cache and not, by kind (read by /metrics). */
  readonly lookups = {
    head: { hit: 0, miss: 0 },
    result: { hit: 0, miss: 0 },
    page: { hit: 0, miss: 0 },
  };
  /** Changes applied one by one, and times everything was dropped (for tests and /metrics). */
  readonly applied = { changes: 0, clears: 0 };

  constructor(private readonly db: Db) {}

  /**
   * Applies the changes committed since the last sync and answers the generation the cache now
   * follows: whatever a caller reads after this is at least that new. Each call reads for itself
   * (a read already under way may have started before the caller's own write committed on another
   * instance); applying a change twice is harmless.
   */
  async sync(): Promise<number> {
    const from = this.seen;
    const rows = await changesSince(this.db, from < 0 ? Number.MAX_SAFE_INTEGER : from);
    const head = rows[0]?.head ?? 0;
    if (head <= this.seen) return this.seen;
    // A generation moved with no change recorded was bumped by hand: a way to drop everything.
    const unrecorded = rows.every((r) => r.scope === null);
    if (from < 0 || unrecorded || head - from >= CHANGES_KEPT || rows.length > CHANGES_READ_MAX) {
      this.clearAll(head);
    } else {
      for (const r of rows) if (r.scope !== null && r.changed !== null) this.apply(r.changed, r.scope);
    }
    this.seen = head;
    return head;
  }

  /**
   * A generation committed since (heard from the database: infra/cluster/signals.ts): its
   * changes are read now rather than at the next request.
   */
  noteGeneration(generation: number): void {
    if (!Number.isFinite(generation) || generation <= this.seen) return;
    this.sync().catch(() => {});
  }

  /** The generation the cache follows (-1 before the first `sync`). */
  get heldGeneration(): number {
    return this.seen;
  }

  /** Changes whenever every list, or everything, is dropped. */
  get listsVersion(): number {
    return this.listsEpoch;
  }

  private clearAll(generation: number): void {
    this.heads.clear();
    this.results.clear();
    this.pages.clear();
    this.index.clear();
    this.recent.length = 0;
    this.recentFloor = generation;
    this.listsEpoch++;
    this.applied.clears++;
  }

  private apply(generation: number, change: string): void {
    this.applied.changes++;
    if (change === 'all') {
      this.clearAll(generation);
      return;
    }
    const scopes = touched(change);
    const last = this.recent.at(-1);
    if (last?.generation === generation) last.scopes.push(...scopes);
    else this.recent.push({ generation, scopes });
    if (this.recent.length > RECENT_CHANGES) {
      const gone = this.recent.splice(0, RECENT_CHANGES / 2);
      this.recentFloor = gone.at(-1)!.generation;
    }
    if (change === 'lists') this.listsEpoch++;
    for (const scope of scopes) {
      for (const entry of this.index.entries(scope)) this.drop(entry);
    }
  }

  private drop(entry: string): void {
    const key = entry.slice(1);
    if (entry[0] === 'h') this.heads.delete(Number(key));
    else if (entry[0] === 'r') this.results.delete(key);
    else this.pages.delete(key);
    this.index.remove(entry);
  }

  /** Whether nothing a value read after syncing at `generation` depends on has changed since. */
  private fresh(generation: number, scopes: readonly string[]): boolean {
    if (generation < this.recentFloor) return false;
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const change = this.recent[i]!;
      if (change.generation <= generation) break;
      if (change.scopes.some((s) => scopes.includes(s))) return false;
    }
    return true;
  }

  /** The cached JSON head of a work (UTF-8), null for a work left out of pages, undefined if unknown. */
  head(id: number): Buffer | null | undefined {
    const head = this.heads.get(id);
    this.count('head', head !== undefined);
    return head;
  }

  /**
   * Keeps a work's JSON built from data read after syncing at `generation` (ignored when the
   * work changed since, and the first time this work is offered). `namesOthers`: the head names
   * other works' codes (language editions), so it follows works added and removed too.
   */
  putHead(generation: number, id: number, head: Buffer | null, namesOthers = false): void {
    const scopes = namesOthers ? [`head:${id}`, 'editions'] : [`head:${id}`];
    if (!this.fresh(generation, scopes)) return;
    if (this.heads.set(id, head && keptBuffer(head), (head?.length ?? 0) + ENTRY_BYTES)) {
      this.index.add(`h${id}`, scopes);
    }
  }

  /** A query result cached under `key` (which names the query and all its parameters). */
  result<T>(key: string): T | undefined {
    const value = this.results.get(key) as T | undefined;
    this.count('result', value !== undefined);
    return value;
  }

  /**
   * Keeps a result read after syncing at `generation`, until a change of one of its `scopes`.
   * `bytes`: what the value holds, when its JSON does not tell (compiled SQL).
   */
  putResult(
    generation: number,
    key: string,
    value: unknown,
    scopes: Scopes,
    bytes = estimateBytes(value),
  ): void {
    if (key.length > MAX_KEY_CHARS || !this.fresh(generation, scopes)) return;
    if (this.results.set(key, value, 2 * key.length + bytes)) this.index.add(`r${key}`, scopes);
  }

  /**
   * The result cached under `key`, else `compute`'s, kept until a change of one of `scopes`
   * (for answers built outside the works lists: the entity lists, the Subsonic indexes).
   */
  async cached<T>(
    key: string,
    scopes: Scopes,
    compute: () => Promise<T>,
    bytes?: (value: T) => number,
  ): Promise<T> {
    const generation = await this.sync();
    const hit = this.result<T>(key);
    if (hit !== undefined) return hit;
    const value = await compute();
    this.putResult(generation, key, value, scopes, bytes ? bytes(value) : undefined);
    return value;
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
   * Keeps a finished page read after syncing at `generation` until a change of one of its
   * `scopes` (its list's, the heads of its works, its viewer's), and answers the Buffer to send:
   * the one kept, so that its compressed copies are made once. Its compressed copies
   * (http/compression.ts) live as long as it does: a tenth of its size or less for JSON, counted
   * here with it.
   */
  putPage(generation: number, key: string, body: Buffer, scopes: Scopes): Buffer {
    if (key.length > MAX_KEY_CHARS || !this.fresh(generation, scopes)) return body;
    const kept = keptBuffer(body);
    const bytes = Math.ceil(body.length * 1.1) + 2 * key.length + ENTRY_BYTES;
    if (!this.pages.set(key, kept, bytes)) return body;
    this.index.add(`p${key}`, scopes);
    return kept;
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
