/**
 * `npm run bench`: latency and throughput of the catalogue API on a 100,000-work catalogue
 * (SQLite, and PostgreSQL when reachable), the media path (media.ts) and the lists and search
 * (sideBySide.ts) side by side with a plain Node file server and nginx, and the scanner benchmark
 * (scan.ts) when present.
 *
 * The catalogue is built once and cached in /tmp/sasayaki-bench (SQLite file, PostgreSQL
 * database `sasayaki_bench`). Each endpoint: 1 s warm-up, latency measured by autocannon with one
 * connection for 4 s, requests/second with 4 connections for 4 s; the server runs in its own
 * process (scripts/bench/server.ts). The load average is printed: the machine is shared.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDb } from '../../packages/server/src/db/connect.ts';
import { BENCH_FACTS, BENCH_WORKS, buildBenchCatalogue } from './catalogue.ts';
import { benchMedia } from './media.ts';
import { benchSideBySide } from './sideBySide.ts';

const DIR = '/tmp/sasayaki-bench';
const VERSION = 'v1';
const SQLITE_FILE = path.join(DIR, `catalogue-${VERSION}.db`);
const LIBRARY = path.join(DIR, 'library');
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/sasayaki_bench';
const PORTS = { sqlite: 9250, postgres: 9251 };
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

const log = (msg: string) => process.stdout.write(`${msg}\n`);

async function countWorks(t: Db): Promise<number> {
  const r = await t.db
    .selectFrom('works')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function prepareSqlite(): Promise<string> {
  if (!fs.existsSync(`${SQLITE_FILE}.complete`)) {
    fs.mkdirSync(DIR, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_FILE}${suffix}`, { force: true });
    log(`building the SQLite catalogue (${BENCH_WORKS} works, once) in ${SQLITE_FILE}`);
    const started = Date.now();
    const t = await openDb({ sqlitePath: SQLITE_FILE });
    await buildBenchCatalogue(t, log);
    await sql`analyze`.execute(t.db);
    await t.close();
    fs.writeFileSync(`${SQLITE_FILE}.complete`, new Date().toISOString());
    log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return SQLITE_FILE;
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    const exists = await c.query('select 1 from pg_database where datname = $1', ['sasayaki_bench']);
    if (exists.rowCount === 0) await c.query('create database sasayaki_bench');
    return true;
  } catch (err) {
    log(`PostgreSQL not reachable (${(err as Error).message}): PostgreSQL rows skipped`);
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function preparePostgres(): Promise<string> {
  const t = await openDb({ databaseUrl: PG_URL, poolSize: 4 });
  try {
    const n = await countWorks(t);
    if (n < BENCH_WORKS) {
      if (n > 0) {
        await t.close();
        const c = new pg.Client({ connectionString: PG_ADMIN_URL });
        await c.connect();
        await c.query('drop database sasayaki_bench with (force)');
        await c.query('create database sasayaki_bench');
        await c.end();
        return preparePostgres();
      }
      log(`building the PostgreSQL catalogue (${BENCH_WORKS} works, once) in sasayaki_bench`);
      const started = Date.now();
      await buildBenchCatalogue(t, log);
      // Visibility map and statistics, as autovacuum would leave them on a live server.
      await sql`vacuum analyze`.execute(t.db);
      log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await t.close().catch(() => {});
  }
  return PG_URL;
}

async function startServer(dbSpec: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_DB: dbSpec,
      BENCH_PORT: String(port),
      BENCH_LIBRARY: LIBRARY,
      BENCH_DATA: path.join(DIR, `data-${port}`),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve();
    });
  });
  return child;
}

/** CPU milliseconds the server process has used so far. */
function serverCpuMs(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
    server.send('cpu');
  });
}

interface Row {
  dialect: string;
  name: string;
  /** Server CPU time per request (load-independent service time). */
  cpu: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(url: string, seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, pipelining: 1 });
}

async function benchEndpoints(dialect: string, port: number, server: ChildProcess): Promise<Row[]> {
  const base = `http://127.0.0.1:${port}`;
  const enc = encodeURIComponent;
  const endpoints: [string, string][] = [
    ['works page 1 (default order)', '/api/works?page=1'],
    ['works page 500 (default order)', '/api/works?page=500'],
    [`search plain word "${BENCH_FACTS.word}"`, `/api/search/${enc(BENCH_FACTS.word)}`],
    [
      'search tag + VA exclusion + rating',
      `/api/search/${enc(`$tag:${BENCH_FACTS.tag}$ $-va:${BENCH_FACTS.va}$ $rate:4.2$`)}`,
    ],
    ['work detail', `/api/work/RJ${BENCH_FACTS.workWithFiles}`],
    ['tracks tree', `/api/tracks/${BENCH_FACTS.workWithFiles}?v=1`],
  ];
  const rows: Row[] = [];
  for (const [name, p] of endpoints) {
    const check = await fetch(base + p);
    if (!check.ok) throw new Error(`${p} answered ${check.status}: ${await check.text()}`);
    await measure(base + p, 1, 2);
    // Latency of one client at a time; throughput with 4 concurrent clients.
    const cpuBefore = await serverCpuMs(server);
    const r = await measure(base + p, 4, 1);
    const cpu = ((await serverCpuMs(server)) - cpuBefore) / Math.max(1, r.requests.total);
    const t = await measure(base + p, 4, 4);
    rows.push({
      dialect,
      name,
      cpu,
      p50: r.latency.p50,
      p99: r.latency.p99,
      rps: t.requests.average,
      errors: r.errors + r.non2xx + t.errors + t.non2xx,
    });
    log(
      `  ${dialect} ${name}: ${cpu.toFixed(1)} ms CPU/request, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(t.requests.average)} req/s`,
    );
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const header = ['dialect', 'endpoint', 'cpu ms/req', 'p50 ms', 'p99 ms', 'req/s', 'errors', 'target'];
  const lines = rows.map((r) => [
    r.dialect,
    r.name,
    r.cpu.toFixed(1),
    String(r.p50),
    String(r.p99),
    String(Math.round(r.rps)),
    String(r.errors),
    r.dialect !== 'sqlite' ? '-' : r.p50 < 20 && r.p99 < 50 ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => [...l[i]!].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log('');
  log(fmt(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) log(fmt(l));
}

async function main(): Promise<void> {
  // BENCH_ONLY=sqlite|postgres|media|side narrows the run; BENCH_SKIP_SCAN=1 skips the scanner benchmark.
  const only = process.env.BENCH_ONLY;
  if (only === 'media') {
    await benchMedia();
    return;
  }
  if (only === 'side') {
    await benchSideBySide();
    return;
  }
  // The side-by-side runs first (media, then lists and search), on server processes of their
  // own, then the endpoints on the 100,000-work catalogue.
  if (!only) {
    await benchMedia();
    await benchSideBySide();
  }
  const targets: [string, string, number][] = [];
  if (only !== 'postgres') targets.push(['sqlite', await prepareSqlite(), PORTS.sqlite]);
  if (only !== 'sqlite' && (await pgReachable()))
    targets.push(['postgres', await preparePostgres(), PORTS.postgres]);

  const rows: Row[] = [];
  for (const [dialect, spec, port] of targets) {
    const server = await startServer(spec, port);
    try {
      log(`\n${dialect}: server on port ${port}`);
      rows.push(...(await benchEndpoints(dialect, port, server)));
    } finally {
      server.kill('SIGTERM');
    }
  }
  printTable(rows);
  log(
    `load average during the run: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const scanBench = path.join(HERE, 'scan.ts');
  if (fs.existsSync(scanBench) && !process.env.BENCH_SKIP_SCAN) {
    log('\nscanner benchmark (scripts/bench/scan.ts):');
    spawnSync(process.execPath, ['--import', 'tsx', scanBench], { cwd: ROOT, stdio: 'inherit' });
  }
}

await main();
