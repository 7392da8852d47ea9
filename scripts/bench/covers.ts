/**
 * Covers side by side: `/api/cover/{id}.jpg?type=…` of our server against a bare Node server
 * (`fs.createReadStream(file).pipe(res)`) sending the very same JPEG bytes from files, and the
 * ancestor's measured figure. Works with real cover images (sharp-made JPEGs, 1200×1200) in a
 * small library; every variant is made once before the rounds (as a first visit would), then
 * each round asks every server in turn for all the works' covers of one size, one request at a
 * time over a kept-alive connection. Server CPU per request from process.cpuUsage over IPC.
 *
 * Run alone: `BENCH_ONLY=covers npm run bench`. `BENCH_COVER_ROUNDS` (5), `BENCH_COVER_WORKS` (40).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { openDb } from '../../packages/server/src/db/connect.ts';
import { loadAverage } from './endpoints.ts';
import { ipcCpu, median, ratioRange, startPlainFileServer } from './media.ts';
import { benchPort } from './ports.ts';
import { spawnBenchServer } from './serverProcess.ts';

const DIR = '/tmp/sasayaki-bench/covers';
const LIBRARY = path.join(DIR, 'library');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const WORKS = Number(process.env.BENCH_COVER_WORKS || 40);
const ROUNDS = Number(process.env.BENCH_COVER_ROUNDS || 5);
const FIRST_ID = 7_700_001;
const PORTS = { ours: benchPort(30), plain: benchPort(31), baseline: benchPort(32) };
/**
 * kikoeru-express, the ancestor, measured on this machine type: 0.7–2.5 ms of server CPU per
 * cover while a bare Node server sent the same bytes for 0.07–0.1 ms, so at least 7× bare. The
 * absolute figures move with the machine's load; the ratio to a bare server run alongside does not.
 */
const ANCESTOR_COVER_MS = [0.7, 2.5] as const;
const ANCESTOR_COVER_VS_BARE = 7;
const TYPES = ['240x240', 'sam', 'main'] as const;

const log = (msg: string) => process.stdout.write(`${msg}\n`);

/** A 1200×1200 JPEG with detail (noise upscaled and blurred), as a scanned cover would be. */
async function coverImage(seed: number): Promise<Buffer> {
  const noise = Buffer.alloc(60 * 60 * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    noise[i] = x >>> 24;
  }
  return sharp(noise, { raw: { width: 60, height: 60, channels: 3 } })
    .resize(1200, 1200, { kernel: 'cubic' })
    .blur(3)
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function ensureLibrary(): Promise<string> {
  const dbFile = path.join(DIR, `catalogue-${WORKS}.db`);
  if (fs.existsSync(`${dbFile}.complete`)) return dbFile;
  fs.mkdirSync(LIBRARY, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${dbFile}${suffix}`, { force: true });
  const t = await openDb({ sqlitePath: dbFile });
  try {
    for (let i = 0; i < WORKS; i++) {
      const id = FIRST_ID + i;
      const folder = `RJ0${id}`;
      fs.mkdirSync(path.join(LIBRARY, folder), { recursive: true });
      fs.writeFileSync(path.join(LIBRARY, folder, 'cover.jpg'), await coverImage(i + 1));
      await t
        .insertInto('works')
        .values({
          id,
          source_id: folder,
          title: `表紙の計測 cover benchmark ${i}`,
          create_date: '2020-01-01',
          folder_path: folder,
          root_index: 0,
          cover_path: 'cover.jpg',
          search_text: 'cover benchmark',
        })
        .execute();
    }
  } finally {
    await t.close();
  }
  fs.writeFileSync(`${dbFile}.complete`, new Date().toISOString());
  return dbFile;
}

function startApi(dbFile: string, port: number, root = ROOT): Promise<ChildProcess> {
  const data = path.join(DIR, `data-${port}`);
  // A fresh cover cache each run: the variants are made by this run's first requests.
  fs.rmSync(data, { recursive: true, force: true });
  return spawnBenchServer(root, {
    BENCH_DB: dbFile,
    BENCH_PORT: String(port),
    BENCH_LIBRARY: LIBRARY,
    BENCH_DATA: data,
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; etag: string; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            etag: String(res.headers.etag ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

export interface CoverRow {
  name: string;
  kb: number;
  ours: number[];
  plain: number[];
  baseline?: number[];
}

export async function benchCovers(): Promise<CoverRow[]> {
  const dbFile = await ensureLibrary();
  const staticDir = path.join(DIR, 'static');
  fs.rmSync(staticDir, { recursive: true, force: true });
  fs.mkdirSync(staticDir, { recursive: true });
  const children: ChildProcess[] = [];
  try {
    const ours = await startApi(dbFile, PORTS.ours);
    children.push(ours);
    const oursCpu = ipcCpu(ours);
    // First requests: every variant made once; its bytes become the bare server's files.
    const etags = new Map<string, string>();
    const bytes = new Map<string, number>();
    const made = await oursCpu();
    for (const type of TYPES) {
      for (let i = 0; i < WORKS; i++) {
        const r = await get(PORTS.ours, `/api/cover/${FIRST_ID + i}.jpg?type=${type}`);
        if (r.status !== 200) throw new Error(`cover ${FIRST_ID + i} ${type}: ${r.status}`);
        fs.writeFileSync(path.join(staticDir, `${FIRST_ID + i}-${type}.jpg`), r.body);
        etags.set(`${FIRST_ID + i}-${type}`, r.etag);
        bytes.set(type, (bytes.get(type) ?? 0) + r.body.length);
      }
    }
    const makeMs = ((await oursCpu()) - made) / (WORKS * TYPES.length);
    const plain = await startPlainFileServer(staticDir, PORTS.plain, 'image/jpeg');
    children.push(plain);
    const plainCpu = ipcCpu(plain);

    const api = (id: number, type: string) => `/api/cover/${id}.jpg?type=${type}`;
    const legs = [
      { port: PORTS.ours, cpu: oursCpu, url: api },
      { port: PORTS.plain, cpu: plainCpu, url: (id: number, type: string) => `/${id}-${type}.jpg` },
    ];
    // BENCH_BASELINE=<dir>: an earlier checkout's server too (its variants made by the warm-up).
    if (process.env.BENCH_BASELINE) {
      const baseline = await startApi(dbFile, PORTS.baseline, path.resolve(process.env.BENCH_BASELINE));
      children.push(baseline);
      legs.push({ port: PORTS.baseline, cpu: ipcCpu(baseline), url: api });
    }
    const rows: CoverRow[] = [];
    const requests = Math.max(WORKS, 100);
    for (const type of TYPES) {
      for (const leg of legs)
        for (let i = 0; i < 2 * WORKS; i++) await get(leg.port, leg.url(FIRST_ID + (i % WORKS), type));
      const samples = legs.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [j, leg] of legs.entries()) {
          const before = await leg.cpu();
          for (let k = 0; k < requests; k++) {
            const r = await get(leg.port, leg.url(FIRST_ID + (k % WORKS), type));
            if (r.status !== 200) throw new Error(`${leg.url(FIRST_ID + (k % WORKS), type)}: ${r.status}`);
          }
          samples[j]!.push(((await leg.cpu()) - before) / requests);
        }
      }
      rows.push({
        name: `cover ${type}`,
        kb: bytes.get(type)! / WORKS / 1024,
        ours: samples[0]!,
        plain: samples[1]!,
        baseline: samples[2],
      });
    }
    // Revalidation: If-None-Match with the ETag the first answer gave.
    const before = await oursCpu();
    for (let k = 0; k < requests; k++) {
      const id = FIRST_ID + (k % WORKS);
      const r = await get(PORTS.ours, `/api/cover/${id}.jpg?type=240x240`, {
        'if-none-match': etags.get(`${id}-240x240`)!,
      });
      if (r.status !== 304) throw new Error(`revalidation of cover ${id} answered ${r.status}`);
    }
    const revalidateMs = ((await oursCpu()) - before) / requests;
    printCovers(rows, makeMs, revalidateMs);
    return rows;
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

function printCovers(rows: CoverRow[], makeMs: number, revalidateMs: number): void {
  const load = loadAverage();
  log(`\ncovers side by side, ${WORKS} works, ${ROUNDS} interleaved rounds, load average ${load}:`);
  log('size      KB (mean)  ours ms/req  bare Node ms/req  ours / bare Node (goal ≤ 3×)');
  for (const r of rows) {
    const range = ratioRange(r.ours, r.plain);
    log(
      `${r.name.padEnd(16)}${r.kb.toFixed(1).padStart(6)}  ${median(r.ours).toFixed(3).padStart(11)}  ${median(
        r.plain,
      )
        .toFixed(3)
        .padStart(
          16,
        )}  ${range.median.toFixed(2)}× (rounds ${range.low.toFixed(2)}–${range.high.toFixed(2)}×): ${range.median <= 3 ? 'met' : 'MISSED'}`,
    );
    if (r.baseline) {
      const b = ratioRange(r.baseline, r.plain);
      log(
        `  baseline: ${median(r.baseline).toFixed(3)} ms/req, ${b.median.toFixed(2)}× bare Node (rounds ${b.low.toFixed(2)}–${b.high.toFixed(2)}×)`,
      );
    }
  }
  const worst = Math.max(...rows.map((r) => ratioRange(r.ours, r.plain).median));
  log(
    `covers against the ancestor (kikoeru-express, ${ANCESTOR_COVER_MS.join('–')} ms per cover, at least ${ANCESTOR_COVER_VS_BARE}× a bare server): ` +
      `ours at most ${worst.toFixed(2)}× a bare server (goal: cheaper: ${worst < ANCESTOR_COVER_VS_BARE ? 'met' : 'MISSED'})`,
  );
  log(
    `first request of a variant (made with sharp, then sent): ${makeMs.toFixed(1)} ms CPU; revalidation (304): ${revalidateMs.toFixed(3)} ms`,
  );
}
