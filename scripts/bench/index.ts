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
 *
 * `BENCH_ONLY=living`: lists and searches read by 4 clients while a writer posts reviews, ratings and
 * tag votes at 0, 1 and 10 writes a second (living.ts).
 *
 * `npm run bench -- million`: the same API on 1,000,000 works in PostgreSQL, directly and behind
 * nginx (millionBench.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDb } from '../../packages/server/src/db/connect.ts';
import { benchBalancer } from './balancer.ts';
import { BENCH_FACTS, BENCH_WORKS, buildBenchCatalogue } from './catalogue.ts';
import { benchCovers } from './covers.ts';
import { benchEndpoints, type EndpointRow, latencyTarget, log, printEndpointTable } from './endpoints.ts';
import { benchLiving } from './living.ts';
import { benchMedia } from './media.ts';
import { benchMillion } from './millionBench.ts';
import { benchPort } from './ports.ts';
import { benchScale } from './scale.ts';
import { startServer } from './serverProcess.ts';
import { benchSideBySide } from './sideBySide.ts';

// BENCH_DIR: another folder for the cached catalogue (a copy, when another run uses this one).
const DIR = process.env.BENCH_DIR || '/tmp/sasayaki-bench';
const VERSION = 'v1';
const SQLITE_FILE = path.join(DIR, `catalogue-${VERSION}.db`);
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/sasayaki_bench';
// BENCH_PORT_SQLITE / BENCH_PORT_PG move one server; BENCH_PORT_BASE moves every one (ports.ts).
const PORTS = {
  sqlite: Number(process.env.BENCH_PORT_SQLITE || benchPort(0)),
  postgres: Number(process.env.BENCH_PORT_PG || benchPort(1)),
};
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

const enc = encodeURIComponent;

async function countWorks(t: Db): Promise<number> {
  const r = await t
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
    await sql`analyze`.execute(t);
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
      await sql`vacuum analyze`.execute(t);
      log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await t.close().catch(() => {});
  }
  return PG_URL;
}

const ENDPOINTS: [string, string][] = [
  ['works page 1 (default order)', '/api/works?page=1'],
  ['works page 500 (default order)', '/api/works?page=500'],
  [`search plain word "${BENCH_FACTS.word}"`, `/api/search/${enc(BENCH_FACTS.word)}`],
  [
    'search tag + VA exclusion + rating',
    `/api/search/${enc(`$tag:${BENCH_FACTS.tag}$ $-va:${BENCH_FACTS.va}$ $rate:4.2$`)}`,
  ],
  ['work detail', `/api/work/RJ${BENCH_FACTS.workWithFiles}`],
  ['tracks tree', `/api/tracks/${BENCH_FACTS.workWithFiles}?v=1`],
  // The Subsonic API (anonymous: the same catalogue pages a visitor's player gets).
  ['subsonic getAlbumList2 newest', '/rest/getAlbumList2?f=json&type=newest&size=20&offset=40'],
  [
    'subsonic getAlbumList2 alphabeticalByName',
    '/rest/getAlbumList2?f=json&type=alphabeticalByName&size=20&offset=1000',
  ],
  [
    'subsonic getAlbumList2 byGenre',
    `/rest/getAlbumList2?f=json&type=byGenre&genre=${enc(BENCH_FACTS.tag)}&size=20`,
  ],
  ['subsonic getAlbumList2 random', '/rest/getAlbumList2?f=json&type=random&size=20'],
  ['subsonic search3 word', `/rest/search3?f=json&query=${enc(BENCH_FACTS.word)}&songCount=0`],
  ['subsonic search3 word with songs', `/rest/search3?f=json&query=${enc(BENCH_FACTS.word)}`],
];

async function main(): Promise<void> {
  // BENCH_ONLY=sqlite|postgres|scale|media|covers|side|million|balancer|living narrows the run (scale: the
  // 100,000-work memory and varied requests alone); BENCH_SKIP_SCAN=1 skips the scanner benchmark.
  const only = process.env.BENCH_ONLY;
  if (only === 'media') {
    await benchMedia();
    return;
  }
  if (only === 'side') {
    await benchSideBySide();
    return;
  }
  // `npm run bench -- million`: the million-work PostgreSQL catalogue alone (millionBench.ts).
  if (only === 'million' || process.argv.slice(2).includes('million')) {
    await benchMillion();
    return;
  }
  if (only === 'balancer') {
    await benchBalancer();
    return;
  }
  if (only === 'covers') {
    await benchCovers();
    return;
  }
  // The catalogue while writers post reviews, ratings and tag votes (living.ts).
  if (only === 'living') {
    await benchLiving(await prepareSqlite(), DIR);
    return;
  }
  // The side-by-side runs first (media, then lists and search), on server processes of their
  // own, then the endpoints on the 100,000-work catalogue.
  if (!only) {
    await benchMedia();
    await benchCovers();
    await benchSideBySide();
    await benchBalancer();
  }
  const targets: [string, string, number][] = [];
  if (only !== 'postgres') targets.push(['sqlite', await prepareSqlite(), PORTS.sqlite]);
  if (only !== 'sqlite' && only !== 'scale' && (await pgReachable()))
    targets.push(['postgres', await preparePostgres(), PORTS.postgres]);

  const rows: EndpointRow[] = [];
  for (const [dialect, spec, port] of targets) {
    const server = await startServer(spec, port, DIR);
    try {
      log(`\n${dialect}: server on port ${port}`);
      // Memory and latency of varied requests first, on a freshly started server.
      if (dialect === 'sqlite' && only !== 'endpoints') await benchScale(server, port);
      // Latency of one client at a time; throughput with 4 concurrent clients.
      if (only === 'scale') continue;
      rows.push(
        ...(await benchEndpoints({
          via: dialect,
          port,
          endpoints: ENDPOINTS,
          servers: [server],
          seconds: 4,
          connections: 4,
        })),
      );
    } finally {
      server.kill('SIGTERM');
    }
  }
  // The latency target is the SQLite one (docs/catalogue.md).
  printEndpointTable(rows, { via: 'dialect', rps: 'req/s' }, (r) =>
    r.via === 'sqlite' ? latencyTarget(r) : '-',
  );
  const scanBench = path.join(HERE, 'scan.ts');
  if (fs.existsSync(scanBench) && !process.env.BENCH_SKIP_SCAN) {
    log('\nscanner benchmark (scripts/bench/scan.ts):');
    spawnSync(process.execPath, ['--import', 'tsx', scanBench], { cwd: ROOT, stdio: 'inherit' });
  }
}

await main();
