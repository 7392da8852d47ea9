/**
 * Lists and search side by side: the catalogue endpoints of our server against servers that only
 * send the same bytes — each endpoint's answer saved to a file and served by a plain Node file
 * server and by nginx (when installed) — and, with `BENCH_BASELINE=<dir>` (a checkout of an
 * earlier commit with node_modules), against that earlier server on a copy of the same catalogue.
 * Every server runs in its own process; rounds are interleaved (each round asks every server in
 * turn), so machine load and caches treat them alike. What is compared is the server's CPU time
 * per request and per KB (process.cpuUsage over IPC for Node servers, /proc for nginx), which
 * stays meaningful on a shared machine where wall times do not.
 *
 * Run alone: `BENCH_ONLY=side npm run bench` (under the bench lock). `BENCH_SIDE_WORKS` (default
 * 2,000) sizes the catalogue, `BENCH_SIDE_ROUNDS` (7) and `BENCH_SIDE_REQUESTS` (200 per round).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDb } from '../../packages/server/src/db/connect.ts';
import { CATALOGUE_TABLES } from '../../packages/server/src/db/migrations.ts';
import { nginxBinary, startNginx } from '../../packages/server/test/helpers/nginx.ts';
import { BENCH_FACTS, buildBenchCatalogue } from './catalogue.ts';
import { printColumns } from './endpoints.ts';
import { ipcCpu, median, procCpuMs, startPlainFileServer } from './media.ts';
import { benchPort } from './ports.ts';
import { spawnBenchServer } from './serverProcess.ts';

const DIR = '/tmp/sasayaki-bench/side';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const WORKS = Number(process.env.BENCH_SIDE_WORKS || 2000);
const ROUNDS = Number(process.env.BENCH_SIDE_ROUNDS || 7);
const REQUESTS = Number(process.env.BENCH_SIDE_REQUESTS || 200);
const PORTS = { ours: benchPort(20), baseline: benchPort(21), plain: benchPort(22), nginx: benchPort(23) };
/** The ancestor (kikoeru-express) at 2,000 works, server CPU per works page: 117–152 ms. */
const ANCESTOR_WORKS_PAGE_MS = [117, 152] as const;

const log = (msg: string) => process.stdout.write(`${msg}\n`);
const enc = encodeURIComponent;

const ENDPOINTS: { name: string; file: string; path: string }[] = [
  { name: 'works page 1', file: 'works-1.json', path: '/api/works?page=1' },
  {
    name: 'works page 50, dl_count desc',
    file: 'works-50.json',
    path: '/api/works?page=50&order=dl_count&sort=desc',
  },
  {
    name: `tag search $tag:${BENCH_FACTS.tag}$`,
    file: 'tag.json',
    path: `/api/search/${enc(`$tag:${BENCH_FACTS.tag}$`)}`,
  },
  {
    name: `word search ${BENCH_FACTS.word}`,
    file: 'word.json',
    path: `/api/search/${enc(BENCH_FACTS.word)}`,
  },
  { name: 'work detail', file: 'work.json', path: `/api/work/RJ${BENCH_FACTS.workWithFiles}` },
];

async function ensureCatalogue(): Promise<string> {
  const file = path.join(DIR, `catalogue-${WORKS}.db`);
  if (fs.existsSync(`${file}.complete`)) return file;
  fs.mkdirSync(DIR, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  log(`building a ${WORKS}-work SQLite catalogue (once) in ${file}`);
  const t = await openDb({ sqlitePath: file });
  await buildBenchCatalogue(t, () => {}, WORKS);
  await sql`analyze`.execute(t);
  await t.close();
  fs.writeFileSync(`${file}.complete`, new Date().toISOString());
  return file;
}

/**
 * A copy of the catalogue for the baseline. A baseline checkout that predates the catalogue
 * generation (migration `…_catalogue_generation`) gets it without: its migrator refuses a database with a migration
 * it does not know. A newer baseline gets it whole.
 */
function baselineCopy(file: string, baselineRoot: string): string {
  const copy = path.join(DIR, `baseline-${WORKS}.db`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${copy}${suffix}`, { force: true });
  const src = new SQLite(file);
  src.pragma('wal_checkpoint(TRUNCATE)');
  src.close();
  fs.copyFileSync(file, copy);
  const migrations = path.join(baselineRoot, 'packages/server/src/db/migrations.ts');
  if (/'\d{3}_catalogue_generation'/.test(fs.readFileSync(migrations, 'utf8'))) return copy;
  const db = new SQLite(copy);
  for (const table of CATALOGUE_TABLES) {
    for (const event of ['insert', 'update', 'delete'])
      db.exec(`drop trigger if exists ${table}_generation_${event}`);
  }
  db.exec(
    `drop table if exists catalogue_state; delete from kysely_migration where name like '%_catalogue_generation'`,
  );
  db.close();
  return copy;
}

function startApi(root: string, dbFile: string, port: number): Promise<ChildProcess> {
  return spawnBenchServer(root, {
    BENCH_DB: dbFile,
    BENCH_PORT: String(port),
    BENCH_LIBRARY: path.join(DIR, 'library'),
    BENCH_DATA: path.join(DIR, `data-${port}`),
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection; the body is read and dropped. */
function get(port: number, p: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${p}: ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 500)}`)),
        );
      })
      .on('error', reject);
  });
}

interface Leg {
  name: string;
  port: number;
  pathOf(e: (typeof ENDPOINTS)[number]): string;
  cpuMs(): Promise<number>;
}

export interface SideRow {
  endpoint: string;
  bytes: number;
  /** CPU ms per request of each server (median over rounds), by leg name. */
  cpu: Record<string, number>;
}

export async function benchSideBySide(): Promise<SideRow[]> {
  const dbFile = await ensureCatalogue();
  const staticDir = path.join(DIR, 'static');
  fs.mkdirSync(staticDir, { recursive: true });
  fs.mkdirSync(path.join(DIR, 'library'), { recursive: true });
  const children: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    const ours = await startApi(ROOT, dbFile, PORTS.ours);
    children.push(ours);
    const legs: Leg[] = [
      { name: 'our server', port: PORTS.ours, pathOf: (e) => e.path, cpuMs: ipcCpu(ours) },
    ];
    const baselineRoot = process.env.BENCH_BASELINE;
    if (baselineRoot) {
      const baseline = await startApi(
        path.resolve(baselineRoot),
        baselineCopy(dbFile, path.resolve(baselineRoot)),
        PORTS.baseline,
      );
      children.push(baseline);
      legs.push({ name: 'baseline', port: PORTS.baseline, pathOf: (e) => e.path, cpuMs: ipcCpu(baseline) });
    }
    // The same bytes as files: what sending them costs without building them.
    const bytes = new Map<string, number>();
    // Right after start: each endpoint's first request (its queries and serialisers cold), and
    // the next nine (what a listener arriving just after a restart costs).
    const oursCpu = ipcCpu(ours);
    const cold: { name: string; first: number; next: number }[] = [];
    // Each reading is an IPC message the server answers, and its first ones run cold code there
    // too: read a few times first, so the first request's figure is the request's own.
    for (let k = 0; k < 20; k++) await oursCpu();
    for (const e of ENDPOINTS) {
      let before = await oursCpu();
      const body = await get(PORTS.ours, e.path);
      const first = (await oursCpu()) - before;
      before = await oursCpu();
      for (let k = 0; k < 9; k++) await get(PORTS.ours, e.path);
      cold.push({ name: e.name, first, next: ((await oursCpu()) - before) / 9 });
      fs.writeFileSync(path.join(staticDir, e.file), body);
      bytes.set(e.name, body.length);
    }
    const plain = await startPlainFileServer(staticDir, PORTS.plain, 'application/json; charset=utf-8');
    children.push(plain);
    legs.push({ name: 'plain Node', port: PORTS.plain, pathOf: (e) => `/${e.file}`, cpuMs: ipcCpu(plain) });
    const bin = nginxBinary();
    if (bin) {
      const nginx = await startNginx({
        bin,
        dir: path.join(DIR, 'nginx'),
        http: `server { listen 127.0.0.1:${PORTS.nginx}; root ${staticDir}; default_type application/json; }`,
        port: PORTS.nginx,
        masterProcess: false,
      });
      stops.push(nginx.stop);
      legs.push({
        name: 'nginx',
        port: PORTS.nginx,
        pathOf: (e) => `/${e.file}`,
        cpuMs: async () => procCpuMs(nginx.child.pid!),
      });
    } else {
      log('[notice] nginx not found: the nginx column is skipped');
    }

    const samples = ENDPOINTS.map(() => legs.map(() => [] as number[]));
    for (const [i, e] of ENDPOINTS.entries()) {
      for (const leg of legs) for (let k = 0; k < 50; k++) await get(leg.port, leg.pathOf(e));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [j, leg] of legs.entries()) {
          const before = await leg.cpuMs();
          for (let k = 0; k < REQUESTS; k++) await get(leg.port, leg.pathOf(e));
          samples[i]![j]!.push(((await leg.cpuMs()) - before) / REQUESTS);
        }
      }
    }
    const rows = ENDPOINTS.map((e, i) => ({
      endpoint: e.name,
      bytes: bytes.get(e.name)!,
      cpu: Object.fromEntries(legs.map((leg, j) => [leg.name, median(samples[i]![j]!)])),
    }));
    printSide(
      rows,
      legs.map((l) => l.name),
    );
    const page = cold[0]!;
    log(
      `right after start: ${cold.map((c) => `${c.name} ${c.first.toFixed(1)} ms first, ${c.next.toFixed(2)} ms the next nine`).join('; ')}`,
    );
    log(
      `works page 1 right after start against the ancestor: first request ${(ANCESTOR_WORKS_PAGE_MS[0] / page.first).toFixed(0)}–${(ANCESTOR_WORKS_PAGE_MS[1] / page.first).toFixed(0)}× less CPU, ` +
        `the next nine ${(ANCESTOR_WORKS_PAGE_MS[0] / page.next).toFixed(0)}–${(ANCESTOR_WORKS_PAGE_MS[1] / page.next).toFixed(0)}× (goal ≥ 100×)`,
    );
    return rows;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    for (const stop of stops) await stop();
  }
}

function printSide(rows: SideRow[], legs: string[]): void {
  log(`\ncatalogue side by side, ${WORKS} works, ${ROUNDS} interleaved rounds of ${REQUESTS} requests:`);
  log('server CPU per request in ms (median of rounds), and per KB of response in µs');
  const header = ['endpoint', 'KB', ...legs.flatMap((l) => [`${l} ms`, 'µs/KB'])];
  const lines = rows.map((r) => [
    r.endpoint,
    (r.bytes / 1024).toFixed(1),
    ...legs.flatMap((l) => [r.cpu[l]!.toFixed(2), ((r.cpu[l]! * 1000 * 1024) / r.bytes).toFixed(1)]),
  ]);
  printColumns(header, lines);
  log('');
  for (const r of rows) {
    const ours = r.cpu['our server']!;
    const ratios = legs
      .filter((l) => l !== 'our server')
      .map((l) => `${l} ${(ours / r.cpu[l]!).toFixed(2)}×`)
      .join(', ');
    log(`${r.endpoint}: our server's CPU per request against ${ratios}`);
  }
  const page = rows[0]!.cpu['our server']!;
  log(
    `works page 1 against the ancestor (kikoeru-express, ${ANCESTOR_WORKS_PAGE_MS.join('–')} ms at 2,000 works): ` +
      `${(ANCESTOR_WORKS_PAGE_MS[0] / page).toFixed(0)}–${(ANCESTOR_WORKS_PAGE_MS[1] / page).toFixed(0)}× less CPU (goal ≥ 100×, ≤ 1.3 ms)`,
  );
}
