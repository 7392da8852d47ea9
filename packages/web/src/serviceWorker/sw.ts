/**
 * The service worker (docs/web.md, "Offline listening"), built to /sw.js by build/serviceWorker.ts,
 * which puts the build's file list in SHELL_FILES and its hash in SHELL_VERSION.
 *
 * - The app shell (index.html and every script, style and font of this build) is cached at install,
 *   so every screen's code loads offline; a page load asks the network first and falls back to the
 *   cached index.html.
 * - API answers are never cached here. Only what "Keep offline" put in the kept cache
 *   (features/offline/keep.ts) is answered from it: media and covers from the cache first, a Range
 *   request as 206 with exactly the bytes asked for (seeking); a work's JSON from the network first
 *   and from the cache when there is no answer.
 *
 * It is a self-contained script: no imports.
 */
export {};

declare const SHELL_FILES: string[];
declare const SHELL_VERSION: string;

interface ExtendableEventLike extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', l: (e: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', l: (e: FetchEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const scope = self as unknown as WorkerScope;
const SHELL_PREFIX = 'sasayaki-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${SHELL_VERSION}`;
/** Also named in features/offline/keptCache.ts. */
const KEPT_CACHE = 'sasayaki-kept-v1';

/** Media and covers: the kept copy first (it never changes under the same file id). */
const KEPT_FIRST = /^\/api\/(media\/(stream|download)\/|cover\/)/;
/** A work's JSON: the network first, the kept copy when offline. */
const KEPT_FALLBACK = /^\/api\/(workInfo|work|tracks)\/\d+$/;

scope.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((c) => c.addAll(SHELL_FILES))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith(SHELL_PREFIX) && n !== SHELL_CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== scope.location.origin) return;
  if (req.mode === 'navigate') {
    if (!url.pathname.startsWith('/api/')) e.respondWith(pageLoad(req));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    e.respondWith(shellFile(req));
    return;
  }
  if (KEPT_FIRST.test(url.pathname)) {
    e.respondWith(keptFirst(req));
    return;
  }
  if (KEPT_FALLBACK.test(url.pathname)) e.respondWith(keptFallback(req));
});

async function pageLoad(req: Request): Promise<Response> {
  try {
    return await fetch(req);
  } catch (err) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw err;
  }
}

async function shellFile(req: Request): Promise<Response> {
  const cached = await caches.match(req, { ignoreSearch: true });
  return cached ?? fetch(req);
}

async function keptMatch(req: Request): Promise<Response | undefined> {
  const cache = await caches.open(KEPT_CACHE);
  return cache.match(req.url, { ignoreVary: true });
}

async function keptFirst(req: Request): Promise<Response> {
  const kept = await keptMatch(req);
  if (!kept) return fetch(req);
  const range = req.headers.get('range');
  return range ? rangeAnswer(kept, range) : kept;
}

async function keptFallback(req: Request): Promise<Response> {
  try {
    return await fetch(req);
  } catch (err) {
    const kept = await keptMatch(req);
    if (kept) return kept;
    throw err;
  }
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a body of `size` bytes, or null when it cannot be met. */
function parseRange(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

async function rangeAnswer(kept: Response, header: string): Promise<Response> {
  const body = await kept.blob();
  const type = kept.headers.get('content-type') ?? 'application/octet-stream';
  const r = parseRange(header, body.size);
  if (!r) return new Response(null, { status: 416, headers: { 'content-range': `bytes */${body.size}` } });
  const part = body.slice(r.start, r.end + 1, type);
  return new Response(part, {
    status: 206,
    headers: {
      'content-type': type,
      'content-length': String(part.size),
      'content-range': `bytes ${r.start}-${r.end}/${body.size}`,
      'accept-ranges': 'bytes',
    },
  });
}
