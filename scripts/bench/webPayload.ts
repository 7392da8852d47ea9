/**
 * `npm run bench:web`: what a browser downloads to show the works page. Builds the web app when
 * needed, starts `sasayaki start` on the demo library (port BENCH_WEB_PORT, default 9751), opens
 * /works in Chromium with a cold cache and counts every response — scripts, styles, fonts,
 * images, API answers — until the first work cards are on screen with the covers in view, and
 * the network has been idle for 500 ms (the page is interactive then): requests, bytes on the wire (headers + encoded
 * body, Playwright `request.sizes()`), and which responses went out uncompressed though their
 * type compresses. It also times how long the "popular" row shows placeholders against how long
 * the list below takes to show its cards. The browser sends `Accept-Encoding: gzip, deflate, br,
 * zstd`, as Chromium does; the page is measured again with gzip only.
 *
 * Goals (issue 23): ≤ 30 requests and ≤ 250 KB until interactive, no compressible file sent
 * uncompressed, the popular row's placeholders gone no later than the list's.
 */
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { startDemoServer } from './demoServer.ts';

const PORT = Number(process.env.BENCH_WEB_PORT || 9751);
const BASE = `http://127.0.0.1:${PORT}`;
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const GOALS = { requests: 30, kb: 250 };

interface Loaded {
  /** Fetched by the service worker, not by the page. */
  worker: boolean;
  url: string;
  type: string;
  status: number;
  headerBytes: number;
  bodyBytes: number;
  encoding: string;
  /** Transferred before the page was interactive. */
  early: boolean;
  /** ms from navigation until the response was complete. */
  at: number;
}

/** Types whose bodies compress (images, audio and already-compressed formats excluded). */
const COMPRESSIBLE = /javascript|json|css|html|svg|text\/|xml|webmanifest/;

interface Visit {
  files: Loaded[];
  /** ms from navigation until the list's first card, and until the popular row's first card. */
  listMs: number;
  popularMs: number | null;
}

async function visit(context: BrowserContext, page: Page): Promise<Visit> {
  const seen: Promise<Loaded | null>[] = [];
  let interactive = false;
  page.on('pageerror', (err) => log(`page error: ${err.message}`));
  let started = Date.now();
  // The context's requests: the page's and the service worker's own (its install downloads the
  // build's scripts). A page request the service worker answered is not on the network; what the
  // worker fetched for it is, as a request of the worker's.
  context.on('requestfinished', (req) => {
    const early = !interactive;
    const at = Date.now() - started;
    seen.push(
      (async () => {
        const res = await req.response();
        if (!res || res.fromServiceWorker()) return null;
        const sizes = await req.sizes();
        return {
          worker: req.serviceWorker() !== null,
          url: req.url(),
          type: res.headers()['content-type'] ?? '',
          status: res.status(),
          headerBytes: sizes.responseHeadersSize,
          bodyBytes: sizes.responseBodySize,
          encoding: res.headers()['content-encoding'] ?? '',
          early,
          at,
        };
      })(),
    );
  });
  started = Date.now();
  await page.goto(`${BASE}/works`, { waitUntil: 'commit' });
  // The popular row's cards (in place of its placeholders), as the list's below.
  const popular = page
    .locator('[data-testid="work-carousel"] [data-testid="work-title"]')
    .first()
    .waitFor({ timeout: 30_000 })
    .then(
      () => Date.now() - started,
      () => null,
    );
  await page.locator('[data-testid="work-title"]:visible').first().waitFor({ timeout: 180_000 });
  const listMs = Date.now() - started;
  // The covers on screen count: they load once their boxes are near the screen, which can be
  // more than the network's 500 quiet ms after the answers on a busy renderer.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="cover"]')].every((box) => {
        const r = box.getBoundingClientRect();
        const onScreen = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
        const img = box.querySelector('img');
        return !onScreen || (img?.complete ?? false);
      }),
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  await page.waitForLoadState('networkidle');
  interactive = true;
  const popularMs = await popular;
  // Then the service worker installs (app/serviceWorker.ts waits for a quiet network first).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(seen)).filter((x): x is Loaded => x !== null);
  return { files, listMs, popularMs };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  // Playwright reports a service worker's own requests only when asked to.
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
  const server = await startDemoServer(PORT, 'web', 'ignore');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    for (const [label, headers] of [
      ['br (Chromium default)', {}],
      ['gzip only', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const context = await browser.newContext({ extraHTTPHeaders: headers });
      const page = await context.newPage();
      const { files, listMs, popularMs } = await visit(context, page);
      const early = files.filter((f) => f.early);
      const bytes = (list: Loaded[]) => list.reduce((s, f) => s + f.headerBytes + f.bodyBytes, 0);
      const js = early.filter((f) => /javascript/.test(f.type));
      const api = early.filter((f) => new URL(f.url).pathname.startsWith('/api/') && /json/.test(f.type));
      const plain = early.filter((f) => COMPRESSIBLE.test(f.type) && !f.encoding && f.bodyBytes > 1024);
      const total = bytes(early);
      log(`works page, ${label}:`);
      log(
        `  until interactive: ${early.length} requests (goal ≤ ${GOALS.requests}: ${early.length <= GOALS.requests ? 'met' : 'MISSED'}), ` +
          `${kb(total)} on the wire (goal ≤ ${GOALS.kb} KB: ${total <= GOALS.kb * 1024 ? 'met' : 'MISSED'})`,
      );
      log(
        `    scripts ${js.length} files ${kb(bytes(js))}, API answers ${api.length} ${kb(bytes(api))}, headers ${kb(early.reduce((s, f) => s + f.headerBytes, 0))}`,
      );
      log(
        `    sent uncompressed though compressible (> 1 KB): ${plain.length}${plain.length ? ` (${plain.map((f) => new URL(f.url).pathname).join(', ')})` : ''}`,
      );
      log(
        `  list cards after ${listMs} ms, popular row after ${popularMs ?? 'never'} ms (goal: not later than the list)`,
      );
      const answered = (prefix: string) => files.find((f) => new URL(f.url).pathname.startsWith(prefix))?.at;
      log(
        `  answers complete: works list ${answered('/api/works')} ms, popular ${answered('/api/recommender/popular')} ms`,
      );
      const worker = files.filter((f) => f.worker);
      log(
        `  the service worker's install: ${worker.length} requests, ${kb(bytes(worker))}; ${worker.filter((f) => f.early).length} of them before the page was interactive`,
      );
      if (files.length > early.length)
        log(`  after interactive: ${files.length - early.length} more requests, ${kb(bytes(files) - total)}`);
      if (process.env.BENCH_WEB_FILES) {
        for (const f of [...files].sort((a, b) => a.at - b.at)) {
          log(
            `    ${kb(f.bodyBytes).padStart(9)} +${String(f.headerBytes).padStart(5)} B ${f.encoding.padEnd(5)} ${String(f.at).padStart(6)} ms ${f.early ? 'early' : 'later'}${f.worker ? ' worker' : ''} ${new URL(f.url).pathname}${new URL(f.url).search}`,
          );
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
