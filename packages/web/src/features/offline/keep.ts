/**
 * "Keep offline" (docs/web.md, "Offline listening"): a work's files — its audio, lyrics and
 * subtitle files, its covers — and the JSON its page needs (work, tracks) go into the kept cache,
 * a few at a time, with progress and a cancel. A keep that fails or is cancelled removes what it
 * added; what an earlier keep of the same work stored stays.
 */
import type { TrackFile, Work } from '@sasayaki/contract';
import { create } from 'zustand';
import { call, urlOf } from '../../shared/api/client.ts';
import { webpCover } from '../../shared/api/coverUrl.ts';
import { isLoggedIn, useAuth } from '../account/index.ts';
import { dropKept, KEPT_CACHE, keptWork, saveKept, useKept } from './kept.ts';

/** Files fetched at the same time. */
const PARALLEL = 3;

/** What a keep needs of a work. */
export type KeepableWork = Pick<
  Work,
  'id' | 'title' | 'source_id' | 'source_type' | 'mainCoverUrl' | 'samCoverUrl' | 'thumbnailCoverUrl'
>;

export interface Keeping {
  done: number;
  total: number;
  cancel: () => void;
}

/** The keeps under way, by work id. */
export const useKeeping = create<Record<number, Keeping>>(() => ({}));

export type KeepResult = 'kept' | 'cancelled' | 'quota' | 'failed';

/** Each cover as the app shows it (WebP) and as the API names it (JPEG: the lock screen's artwork). */
const coversOf = (work: KeepableWork) =>
  [work.mainCoverUrl, work.samCoverUrl, work.thumbnailCoverUrl]
    .filter((u): u is string => !!u)
    .flatMap((u) => [webpCover(u), u]);

/** The URLs of these files to keep: audio as streamed, text files as opened and as lyrics load them. */
export function fileUrls(files: readonly TrackFile[]): { url: string; size: number }[] {
  const out = new Map<string, number>();
  for (const f of files) {
    if (f.type === 'audio') {
      out.set(f.mediaStreamUrl, f.size);
      for (const l of f.availableLyrics ?? [])
        if (!out.has(l.mediaDownloadUrl)) out.set(l.mediaDownloadUrl, 0);
    } else if (f.type === 'text') {
      out.set(f.mediaStreamUrl, f.size);
      out.set(f.mediaDownloadUrl, f.size);
    }
  }
  return [...out].map(([url, size]) => ({ url, size }));
}

function jsonAnswer(data: unknown): Response {
  return new Response(JSON.stringify(data), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Fetches one file into the cache, counting its bytes as they arrive; returns its size. */
async function keepFile(cache: Cache, url: string, signal: AbortSignal, onBytes: (n: number) => void) {
  // Not through the HTTP cache: it would keep a second copy of every file on disk (600 MB for a
  // 300 MB work, measured by e2e/tests/offline-bench.spec.ts) that the kept cache already holds.
  const res = await fetch(url, { credentials: 'include', signal, cache: 'no-store' });
  if (!res.ok || !res.body) throw new Error(`${res.status} ${url}`);
  let size = 0;
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        size += chunk.byteLength;
        onBytes(chunk.byteLength);
        c.enqueue(chunk);
      },
    }),
  );
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  await cache.put(url, new Response(counted, { headers: { 'content-type': type } }));
  return size;
}

/**
 * The JSON the work page reads, stored under the URLs it asks for. Each URL goes into `added`
 * before it is stored, so a keep cancelled between two answers removes the first one too.
 */
async function keepJson(
  cache: Cache,
  work: KeepableWork,
  signal: AbortSignal,
  added: string[],
): Promise<Map<string, number>> {
  const id = String(work.id);
  const entries: [string, Promise<unknown>][] = [
    [
      urlOf('GET /api/workInfo/:id', { params: { id } }),
      call('GET /api/workInfo/:id', { params: { id } }, { signal, silent: true }),
    ],
    [
      urlOf('GET /api/tracks/:id', { params: { id }, query: { v: '1' } }),
      call('GET /api/tracks/:id', { params: { id }, query: { v: '1' } }, { signal, silent: true }),
    ],
  ];
  if (isLoggedIn(useAuth.getState()))
    entries.push([
      urlOf('GET /api/work/:id', { params: { id } }),
      call('GET /api/work/:id', { params: { id } }, { signal, silent: true }),
    ]);
  const sizes = new Map<string, number>();
  for (const [url, answer] of entries) {
    const body = JSON.stringify(await answer);
    added.push(url);
    await cache.put(url, jsonAnswer(JSON.parse(body)));
    sizes.set(url, body.length);
  }
  return sizes;
}

/**
 * Keeps these files of the work (all of them when `whole`); resolves with how it ended. Only one
 * keep of a work runs at a time: a second call while one runs returns 'cancelled'.
 */
export async function keepWork(
  work: KeepableWork,
  files: readonly TrackFile[],
  whole: boolean,
): Promise<KeepResult> {
  if (useKeeping.getState()[work.id]) return 'cancelled';
  const controller = new AbortController();
  const before = keptWork(work.id);
  const already = new Set(before?.urls ?? []);
  const wanted = [...fileUrls(files), ...coversOf(work).map((url) => ({ url, size: 0 }))].filter(
    (f) => !already.has(f.url),
  );
  const total = wanted.reduce((n, f) => n + f.size, 0);
  const progress: Keeping = { done: 0, total, cancel: () => controller.abort() };
  const show = () => useKeeping.setState({ [work.id]: { ...progress } });
  show();
  const added: string[] = [];
  const sizes = new Map<string, number>();
  let cache: Cache | null = null;
  let workers: Promise<void>[] = [];
  try {
    cache = await caches.open(KEPT_CACHE);
    const c = cache;
    for (const [url, size] of await keepJson(c, work, controller.signal, added)) sizes.set(url, size);
    let next = 0;
    let lastShown = 0;
    const onBytes = (n: number) => {
      progress.done += n;
      if (Date.now() - lastShown > 200) {
        lastShown = Date.now();
        show();
      }
    };
    const worker = async () => {
      while (next < wanted.length && !controller.signal.aborted) {
        const { url } = wanted[next++]!;
        added.push(url);
        sizes.set(url, await keepFile(c, url, controller.signal, onBytes));
      }
    };
    workers = Array.from({ length: PARALLEL }, worker);
    await Promise.all(workers);
    let bytes = before?.bytes ?? 0;
    for (const [url, size] of sizes) if (!already.has(url)) bytes += size;
    saveKept({
      id: work.id,
      source_id: work.source_id,
      source_type: work.source_type,
      title: work.title,
      cover: webpCover(work.thumbnailCoverUrl || work.samCoverUrl || work.mainCoverUrl || ''),
      urls: [...new Set([...(before?.urls ?? []), ...sizes.keys()])],
      bytes,
      whole: whole || (before?.whole ?? false),
      keptAt: Date.now(),
    });
    return 'kept';
  } catch (err) {
    const cancelled = controller.signal.aborted;
    controller.abort();
    // A file whose last bytes are being stored would land after its removal: wait for all.
    await Promise.allSettled(workers);
    if (cache) await Promise.all(added.filter((u) => !already.has(u)).map((u) => cache?.delete(u)));
    if (err instanceof DOMException && err.name === 'QuotaExceededError') return 'quota';
    return cancelled ? 'cancelled' : 'failed';
  } finally {
    const { [work.id]: _, ...rest } = useKeeping.getState();
    useKeeping.setState(rest, true);
  }
}

/** Removes a kept work: its files from the cache and its entry from the list. */
export async function removeKept(id: number): Promise<void> {
  const work = keptWork(id);
  if (!work) return;
  const others = new Set(
    // A cover two works share stays for the other.
    useKept
      .getState()
      .works.filter((w) => w.id !== id)
      .flatMap((w) => w.urls),
  );
  const cache = await caches.open(KEPT_CACHE);
  await Promise.all(work.urls.filter((u) => !others.has(u)).map((u) => cache.delete(u)));
  dropKept(id);
}

/** How much this origin stores and may store (Settings' kept list). */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const e = await navigator.storage.estimate();
  return { usage: e.usage ?? 0, quota: e.quota ?? 0 };
}
