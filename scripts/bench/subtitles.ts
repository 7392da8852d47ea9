/// <reference lib="dom" />
/**
 * `npx tsx scripts/bench/subtitles.ts`: local subtitle archives in headless Chromium against
 * `sasayaki start` on the demo library (port `BENCH_SUBTITLES_PORT`, default 9151).
 *
 * - the import of an archive of 20,000 subtitle files over 2,000 works, from picking the file to
 *   the result, with the main thread's long tasks (PerformanceObserver `longtask`, ≥ 50 ms)
 *   seen meanwhile: the longest and their total;
 * - the works page with 'subtitle only' (100 a page) with those 2,000 works in the settings
 *   (sent with every request, one chip check per card) and with none: time from navigation to
 *   the first card, and its longest task; median of five loads each.
 *
 * Numbers, not assertions: the machine is shared, and the load average is printed with them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { startDemoServer } from './demoServer.ts';

const PORT = Number(process.env.BENCH_SUBTITLES_PORT ?? 9151);
const BASE = `http://127.0.0.1:${PORT}`;
const WORKS = 2_000;
const FILES_PER_WORK = 10;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);

const log = (msg: string) => process.stdout.write(`${msg}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** 20,000 LRC files of about 1 kB, ten per work code, in work folders. */
function benchArchive(): Uint8Array {
  const enc = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  for (let w = 0; w < WORKS; w++) {
    const code = `RJ${String(500_000 + w).padStart(6, '0')}`;
    for (let f = 0; f < FILES_PER_WORK; f++) {
      const lines = Array.from(
        { length: 30 },
        (_, i) =>
          `[${String(Math.floor(i / 6)).padStart(2, '0')}:${String((i * 10) % 60).padStart(2, '0')}.00]${code} 第${f + 1}話 行${i} ささやき`,
      );
      files[`${code} 字幕/${String(f + 1).padStart(2, '0')} track.lrc`] = enc.encode(`${lines.join('\n')}\n`);
    }
  }
  return zipSync(files);
}

/** Starts collecting the page's long tasks (from its start, so navigation's are counted). */
const WATCH_LONG_TASKS = () => {
  const w = window as unknown as { longTasks: number[]; longTaskStarts: number[] };
  w.longTasks = [];
  w.longTaskStarts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.longTasks.push(e.duration);
      w.longTaskStarts.push(e.startTime);
    }
  }).observe({ type: 'longtask', buffered: true });
};

const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);

async function measureImport(page: Page, archive: string) {
  await page.goto(`${BASE}/settings`);
  await page.getByTestId('subtitle-section').waitFor();
  const startedAt = await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; longTaskStarts: number[] };
    w.longTasks.length = 0;
    w.longTaskStarts.length = 0;
    return performance.now();
  });
  const started = Date.now();
  // Handed over as a file on disk: a buffer would be rebuilt by script in the page, on its main
  // thread, and counted against the import.
  await page.getByTestId('subtitle-import-input').setInputFiles(archive);
  await page.getByTestId('subtitle-import-result').waitFor({ timeout: 600_000 });
  const seconds = (Date.now() - started) / 1000;
  const tasks = await longTasks(page);
  // Where the longest tasks fell, in seconds after the file was handed over.
  const where = await page.evaluate((t0) => {
    const w = window as unknown as { longTasks: number[]; longTaskStarts: number[] };
    return w.longTasks
      .map((d, i) => ({ d, at: ((w.longTaskStarts[i] ?? 0) - t0) / 1000 }))
      .sort((a, b) => b.d - a.d)
      .slice(0, 3)
      .map((x) => `${x.d.toFixed(0)} ms at ${x.at.toFixed(1)} s`);
  }, startedAt);
  const ids = await page.evaluate(
    () => JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}').localSubtitledWorks?.length ?? 0,
  );
  return { seconds, tasks, ids, where };
}

async function measureWorksPage(page: Page) {
  const firstCard: number[] = [];
  const longest: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto(`${BASE}/works?subtitle=1&pageSize=100`);
    await page.getByTestId('works-grid').getByTestId('work-card').first().waitFor({ timeout: 60_000 });
    firstCard.push(
      await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return performance.now() - nav.startTime;
      }),
    );
    await page.waitForTimeout(300); // lets the first render's tasks end before they are read
    longest.push(Math.max(0, ...(await longTasks(page))));
  }
  return { firstCard: median(firstCard), longest: median(longest) };
}

async function main() {
  const server = await startDemoServer(PORT, 'subtitles');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${os.cpus().length} cores`,
    );
    const bytes = benchArchive();
    const archive = path.join(server.dataDir, 'bench.zip');
    fs.writeFileSync(archive, bytes);
    log(
      `archive: ${WORKS * FILES_PER_WORK} files over ${WORKS} works, ${(bytes.length / 1e6).toFixed(1)} MB`,
    );
    const context = await browser.newContext();
    await context.addInitScript(WATCH_LONG_TASKS);
    const page = await context.newPage();

    const imp = await measureImport(page, archive);
    const total = imp.tasks.reduce((a, b) => a + b, 0);
    log(
      `import: ${imp.seconds.toFixed(1)} s; ${imp.ids} works with local subtitles; main-thread long tasks: ${imp.tasks.length}, longest ${Math.max(0, ...imp.tasks).toFixed(0)} ms, total ${total.toFixed(0)} ms; longest: ${imp.where.join(', ')}`,
    );

    const withIds = await measureWorksPage(page);
    log(
      `works page, subtitle only, ${imp.ids} local works: first card ${withIds.firstCard.toFixed(0)} ms, longest task ${withIds.longest.toFixed(0)} ms (median of ${LOADS})`,
    );
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('sasayaki-settings') ?? '{}');
      localStorage.setItem('sasayaki-settings', JSON.stringify({ ...s, localSubtitledWorks: [] }));
      return new Promise((resolve) => {
        const req = indexedDB.deleteDatabase('sasayaki-subtitles');
        req.onsuccess = req.onerror = req.onblocked = () => resolve(null);
      });
    });
    const none = await measureWorksPage(page);
    log(
      `works page, subtitle only, no local works: first card ${none.firstCard.toFixed(0)} ms, longest task ${none.longest.toFixed(0)} ms (median of ${LOADS})`,
    );
    log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
