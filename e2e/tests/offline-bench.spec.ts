/// <reference lib="dom" />
/**
 * What keeping a big work offline costs (docs/web.md, "Offline listening"): a work of about
 * KEEP_BENCH_MB megabytes of audio (default 300, three WAV tracks made with ffmpeg) in a library
 * of a server of its own is kept through "Keep offline" in Chromium with a profile on disk, as an
 * installed app has. Measured: the time to keep it, navigator.storage.estimate() before and after,
 * the Cache Storage entries and their bytes, and the profile's growth on disk.
 *
 * Not part of the suite: it runs only with KEEP_BENCH=1 (it writes ~2× the size to /tmp and takes
 * minutes). `KEEP_BENCH=1 E2E_PORT=… npx playwright test -c e2e/playwright.config.ts offline-bench`
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loginToken } from './helpers/accounts.ts';
import { OWN_ADMIN, OwnServer } from './helpers/ownServer.ts';

test.skip(!process.env.KEEP_BENCH, 'a benchmark: set KEEP_BENCH=1 to run it');

const MB = Number(process.env.KEEP_BENCH_MB || 300);
const TRACKS = 3;
const CODE = 'RJ09300300';
const WORK_ID = 9300300;
/** 44.1 kHz stereo 16-bit PCM. */
const WAV_BYTES_PER_SECOND = 44_100 * 2 * 2;

/** A work folder of TRACKS WAV files adding up to about MB megabytes. */
function makeWork(library: string): number {
  const dir = path.join(library, `${CODE} Keep bench`);
  fs.mkdirSync(dir, { recursive: true });
  const seconds = Math.round((MB * 1_000_000) / TRACKS / WAV_BYTES_PER_SECOND);
  let bytes = 0;
  for (let i = 1; i <= TRACKS; i++) {
    const file = path.join(dir, `0${i} track ${i}.wav`);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 * i}:sample_rate=44100:duration=${seconds}`,
      '-ac',
      '2',
      '-c:a',
      'pcm_s16le',
      '-y',
      file,
    ]);
    bytes += fs.statSync(file).size;
  }
  return bytes;
}

const du = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);

test('keeping a work of about 300 MB offline: bytes stored and time taken', async ({ playwright }) => {
  test.setTimeout(20 * 60_000);
  const library = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-bench-lib-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-bench-profile-'));
  const server = await OwnServer.create();
  try {
    const audioBytes = makeWork(library);
    await server.start();
    const api = await playwright.request.newContext({ baseURL: server.url });
    const token = await loginToken(api, OWN_ADMIN.name, OWN_ADMIN.password);
    const auth = { Authorization: `Bearer ${token}` };
    const added = await api.post('/api/admin/libraries', {
      headers: auth,
      data: { path: library, name: 'Bench' },
    });
    expect(added.status(), await added.text()).toBe(200);
    await api.post('/api/admin/scans', { headers: auth, data: {} });
    await expect
      .poll(async () => (await api.get(`/api/workInfo/${WORK_ID}`)).status(), { timeout: 120_000 })
      .toBe(200);

    const context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
      baseURL: server.url,
      serviceWorkers: 'allow',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript((t) => localStorage.setItem('jwt-token', t), token);
    await page.goto(`/work/${CODE}`);
    // The installed app's state before: the service worker running with its shell cached.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const estimate = () =>
      page.evaluate(async () => {
        const e = await navigator.storage.estimate();
        return { usage: e.usage ?? 0, quota: e.quota ?? 0 };
      });
    const before = await estimate();
    const diskBefore = du(profile);
    const httpCache = path.join(profile, 'Default', 'Cache');
    const httpBefore = fs.existsSync(httpCache) ? du(httpCache) : 0;

    const started = Date.now();
    await page.getByTestId('keep-offline').click();
    await expect(page.getByTestId('keep-offline-kept')).toBeVisible({ timeout: 15 * 60_000 });
    const ms = Date.now() - started;

    const after = await estimate();
    const entries = await page.evaluate(async () => {
      const cache = await caches.open('sasayaki-kept-v1');
      const out: { url: string; bytes: number }[] = [];
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        out.push({ url: new URL(req.url).pathname, bytes: res ? (await res.blob()).size : 0 });
      }
      return out;
    });
    const kept = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('sasayaki-kept') ?? '[]') as { bytes: number }[])[0]?.bytes ?? 0,
    );
    await context.close();
    const diskAfter = du(profile);
    const httpAfter = fs.existsSync(httpCache) ? du(httpCache) : 0;

    const cached = entries.reduce((n, e) => n + e.bytes, 0);
    const result = {
      audioBytes,
      keepMs: ms,
      mbPerSecond: Number((audioBytes / 1e6 / (ms / 1000)).toFixed(1)),
      cacheEntries: entries.length,
      cacheBytes: cached,
      keptListBytes: kept,
      estimateBefore: before.usage,
      estimateAfter: after.usage,
      estimateGrowth: after.usage - before.usage,
      quota: before.quota,
      profileDiskGrowth: diskAfter - diskBefore,
      httpCacheGrowth: httpAfter - httpBefore,
    };
    console.log(`keep bench: ${JSON.stringify(result, null, 2)}`);
    console.log(entries.map((e) => `  ${e.bytes}\t${e.url}`).join('\n'));
    test.info().annotations.push({ type: 'keep bench', description: JSON.stringify(result) });
    if (process.env.KEEP_BENCH_OUT)
      fs.writeFileSync(process.env.KEEP_BENCH_OUT, JSON.stringify(result, null, 2));

    // Every byte of the audio is in the cache, and the estimate counts at least that.
    expect(cached).toBeGreaterThanOrEqual(audioBytes);
    expect(after.usage - before.usage).toBeGreaterThanOrEqual(audioBytes);
    // Kept once: the browser's HTTP cache holds no second copy of the audio.
    expect(result.httpCacheGrowth).toBeLessThan(audioBytes / 10);
    await api.dispose();
  } finally {
    await server.dispose();
    fs.rmSync(library, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
