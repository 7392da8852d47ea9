/**
 * `npm run bench:web`: the JavaScript a browser downloads to show the works page. Builds the web
 * app when needed, starts `sasayaki start` on the demo library (port BENCH_WEB_PORT, default
 * 9751), opens /works in Chromium with a cold cache and adds up the encoded (on-the-wire) body
 * sizes of every JavaScript response: until the `load` event, and until the first work cards are
 * on screen and the network has been idle for 500 ms (what the first paint needed). The browser
 * sends `Accept-Encoding: gzip, deflate, br, zstd`, as Chromium does; the same page is measured
 * again with gzip only. Sizes, not times: the numbers do not depend on the machine's load.
 */
import { chromium, type Page } from '@playwright/test';
import { startDemoServer } from './demoServer.ts';

const PORT = Number(process.env.BENCH_WEB_PORT || 9751);
const BASE = `http://127.0.0.1:${PORT}`;
const log = (msg: string) => process.stdout.write(`${msg}\n`);

interface Loaded {
  url: string;
  bytes: number;
  encoding: string;
}

/** JS responses of one cold visit of /works: until `load`, and until the cards are shown. */
async function visit(page: Page): Promise<{ atLoad: Loaded[]; atCards: Loaded[] }> {
  const seen: Promise<Loaded | null>[] = [];
  page.on('pageerror', (err) => log(`page error: ${err.message}`));
  page.on('requestfinished', (req) => {
    seen.push(
      (async () => {
        const res = await req.response();
        const type = res?.headers()['content-type'] ?? '';
        if (!res || !/javascript/.test(type)) return null;
        const sizes = await req.sizes();
        return {
          url: req.url(),
          bytes: sizes.responseBodySize,
          encoding: res.headers()['content-encoding'] ?? '',
        };
      })(),
    );
  });
  await page.goto(`${BASE}/works`, { waitUntil: 'load' });
  const atLoad = (await Promise.all(seen)).filter((x): x is Loaded => x !== null);
  await page.locator('[data-testid="work-title"]:visible').first().waitFor();
  await page.waitForLoadState('networkidle');
  const atCards = (await Promise.all(seen)).filter((x): x is Loaded => x !== null);
  return { atLoad, atCards };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = (list: Loaded[]) => list.reduce((s, x) => s + x.bytes, 0);

async function main() {
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
      const { atLoad, atCards } = await visit(page);
      log(`works page, ${label}:`);
      log(`  JS until load:           ${kb(total(atLoad))} in ${atLoad.length} files`);
      log(`  JS until cards + idle:   ${kb(total(atCards))} in ${atCards.length} files`);
      if (process.env.BENCH_WEB_FILES) {
        const early = new Set(atLoad.map((f) => f.url));
        for (const f of [...atCards].sort((a, b) => b.bytes - a.bytes)) {
          const when = early.has(f.url) ? 'load ' : 'later';
          log(`    ${kb(f.bytes).padStart(9)} ${f.encoding.padEnd(5)} ${when} ${new URL(f.url).pathname}`);
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
