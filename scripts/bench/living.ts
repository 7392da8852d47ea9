/**
 * `BENCH_ONLY=living npm run bench`: the catalogue while the community writes. On a copy of the
 * 100,000-work SQLite catalogue, 4 concurrent readers go round a rotation of list URLs (works
 * pages in several orders and deep pages, tag / circle / voice-actor works, Latin, CJK and
 * multi-term searches, the entity lists, the Subsonic artist indexes and album lists) while one
 * signed-in writer posts ratings, reviews, tag votes and progress marks at 0, 1 and 10 writes a
 * second. Per class of URL: requests/s, p50, p99 and max; the writes' own latency; the server's
 * CPU per read.
 *
 * `BENCH_LIVING_SECONDS` (20) measured per rate after `BENCH_LIVING_WARMUP` (5) seconds,
 * `BENCH_LIVING_RATES` (0,1,10), `BENCH_LIVING_READERS` (4). `BENCH_BASELINE=<dir>`: the same run on
 * the server of an earlier checkout first (on its own fresh copy of the catalogue).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { vaId } from '../../packages/server/test/helpers/seed.ts';
import { BENCH_FACTS } from './catalogue.ts';
import { loadAverage, log } from './endpoints.ts';
import { benchPort } from './ports.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

import { serverCpuMs, spawnBenchServer } from './serverProcess.ts';

const SECONDS = Number(process.env.BENCH_LIVING_SECONDS || 20);
const WARMUP = Number(process.env.BENCH_LIVING_WARMUP || 5);
const RATES = (process.env.BENCH_LIVING_RATES || '0,1,10').split(',').map(Number);
const READERS = Number(process.env.BENCH_LIVING_READERS || 4);
const PORT = Number(process.env.BENCH_PORT_LIVING || benchPort(30));

const enc = encodeURIComponent;
/** Work ids of the benchmark catalogue (scripts/bench/catalogue.ts). */
const workIdAt = (k: number) => (k === 0 ? BENCH_FACTS.workWithFiles : 200_000 + k * 37);

/** [class, url]: the rotation every reader goes round. */
export const LIVING_URLS: [string, string][] = [
  ['works', '/api/works?page=1'],
  ['works', '/api/works?page=2'],
  ['works', '/api/works?page=500'],
  ['works', '/api/works?order=dl_count&sort=desc&page=1'],
  ['works', '/api/works?order=rate_average_2dp&sort=desc&page=3'],
  ['works', '/api/works?order=release&sort=asc&page=2000'],
  ['works', '/api/works?order=random&seed=7&page=40'],
  ['entity works', '/api/tags/1/works?page=1'],
  ['entity works', '/api/tags/1/works?page=50&order=dl_count'],
  ['entity works', '/api/tags/200/works'],
  ['entity works', '/api/circles/1/works'],
  ['entity works', `/api/vas/${vaId(BENCH_FACTS.va)}/works`],
  ['search Latin', `/api/search/${enc('le')}?page=30&order=dl_count`],
  ['search Latin', `/api/search/${enc('sleep')}`],
  ['search Latin', `/api/search/${enc('whi')}?page=5&order=release&sort=asc`],
  ['search CJK', `/api/search/${enc(BENCH_FACTS.word)}`],
  ['search CJK', `/api/search/${enc('癒し')}?page=10`],
  ['search multi', `/api/search/${enc(`$tag:${BENCH_FACTS.tag}$ $-va:${BENCH_FACTS.va}$ $rate:4.2$`)}`],
  ['search multi', `/api/search/${enc('healing 耳かき')}?order=dl_count`],
  ['entity lists', '/api/circles/'],
  ['entity lists', '/api/tags/'],
  ['entity lists', '/api/vas/'],
  ['subsonic', '/rest/getArtists?f=json'],
  ['subsonic', '/rest/getIndexes?f=json'],
  ['subsonic', '/rest/getAlbumList2?f=json&type=newest&size=20'],
  ['subsonic', '/rest/getAlbumList2?f=json&type=alphabeticalByName&size=20&offset=1000'],
  ['subsonic', `/rest/getAlbumList2?f=json&type=byGenre&genre=${enc(BENCH_FACTS.tag)}&size=20`],
];

const agent = new http.Agent({ keepAlive: true, maxSockets: READERS + 2 });

function request(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: url,
        method,
        agent,
        headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;

interface Sample {
  cls: string;
  ms: number;
}

/** The kinds of write the signed-in writer makes, in turn. */
/** Works the writer votes on, with the tags each has (read from the catalogue before the run). */
type VoteTargets = { workId: number; tagIds: number[] }[];

function writeOf(
  n: number,
  rand: () => number,
  targets: VoteTargets,
): { method: string; url: string; body: unknown } {
  const workId = workIdAt(Math.floor(rand() * 100_000));
  switch (n % 4) {
    case 0:
      return { method: 'PUT', url: '/api/review', body: { work_id: workId, rating: 1 + (n % 5) } };
    case 1:
      return {
        method: 'PUT',
        url: '/api/review',
        body: { work_id: workId, rating: 1 + (n % 5), review_text: `bench review ${n}` },
      };
    case 2: {
      // A tag the work has (a vote for another is refused): up or down, so statuses change too.
      const target = targets[Math.floor(rand() * targets.length)]!;
      const tagID = target.tagIds[Math.floor(rand() * target.tagIds.length)]!;
      return {
        method: 'POST',
        url: '/api/vote/vote-work-tag',
        body: { workID: target.workId, tagID, status: 1 + (n % 2) },
      };
    }
    default:
      return { method: 'PUT', url: '/api/review', body: { work_id: workId, progress: 'listening' } };
  }
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function runPhase(rate: number, auth: Record<string, string>, seconds: number, targets: VoteTargets) {
  const reads: Sample[] = [];
  const writes: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  let stop = false;
  const reader = async () => {
    while (!stop) {
      const [cls, url] = LIVING_URLS[next++ % LIVING_URLS.length]!;
      const t0 = performance.now();
      const res = await request('GET', url);
      const ms = performance.now() - t0;
      if (res.status !== 200) failures.set(url, (failures.get(url) ?? 0) + 1);
      reads.push({ cls, ms });
    }
  };
  const rand = prng(rate * 7919 + 1);
  let n = 0;
  // Open loop: each write leaves at its time, whatever the previous one is still doing (at most
  // 8 at once), as independent listeners would.
  const inFlight = new Set<Promise<void>>();
  const writer = async () => {
    if (rate <= 0) return;
    const interval = 1000 / rate;
    const start = performance.now();
    while (!stop) {
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stop) break;
      if (inFlight.size >= 8) await Promise.race(inFlight);
      const w = writeOf(n++, rand, targets);
      const t0 = performance.now();
      const done = request(w.method, w.url, auth, w.body).then((res) => {
        writes.push(performance.now() - t0);
        const what = `${w.method} ${w.url} ${res.status}`;
        if (res.status !== 200) failures.set(what, (failures.get(what) ?? 0) + 1);
        inFlight.delete(done);
      });
      inFlight.add(done);
    }
    await Promise.all(inFlight);
  };
  const timer = new Promise<void>((r) =>
    setTimeout(() => {
      stop = true;
      r();
    }, seconds * 1000),
  );
  await Promise.all([timer, writer(), ...Array.from({ length: READERS }, reader)]);
  return { reads, writes, failures };
}

function printPhase(
  rate: number,
  seconds: number,
  result: Awaited<ReturnType<typeof runPhase>>,
  cpuMs: number,
): void {
  const classes = [...new Set(LIVING_URLS.map(([c]) => c))];
  log(
    `\nwrites/s ${rate}: ${result.reads.length} reads in ${seconds} s, server CPU ${(cpuMs / result.reads.length).toFixed(2)} ms/read, load ${loadAverage()}`,
  );
  log('| class | req/s | p50 ms | p99 ms | max ms |');
  log('|---|---|---|---|---|');
  const row = (name: string, ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    log(
      `| ${name} | ${(s.length / seconds).toFixed(0)} | ${quantile(s, 0.5).toFixed(1)} | ${quantile(s, 0.99).toFixed(1)} | ${(s.at(-1) ?? Number.NaN).toFixed(0)} |`,
    );
  };
  for (const cls of classes)
    row(
      cls,
      result.reads.filter((r) => r.cls === cls).map((r) => r.ms),
    );
  row(
    'all reads',
    result.reads.map((r) => r.ms),
  );
  if (result.writes.length) row('writes', result.writes);
  for (const [what, n] of result.failures) log(`  ${n} answers other than 200: ${what}`);
}

/**
 * Server CPU per request of each URL once warm, with no writes: `repeat` requests in a row
 * (service time, which the shared machine's load does not inflate).
 */
async function cpuPerUrl(server: Parameters<typeof serverCpuMs>[0], repeat: number): Promise<void> {
  log('\nserver CPU per request, warm, no writes (ms):');
  log('| URL | class | CPU ms/req | bytes |');
  log('|---|---|---|---|');
  for (const [cls, url] of LIVING_URLS) {
    const first = await request('GET', url);
    const cpu0 = await serverCpuMs(server);
    for (let i = 0; i < repeat; i++) await request('GET', url);
    const ms = ((await serverCpuMs(server)) - cpu0) / repeat;
    log(`| \`${decodeURIComponent(url)}\` | ${cls} | ${ms.toFixed(2)} | ${first.text.length} |`);
  }
}

/** The living-catalogue benchmark on a copy of the SQLite catalogue at `sqliteFile`. */
export async function benchLiving(sqliteFile: string, dir: string): Promise<void> {
  const roots: [string, string][] = [];
  if (process.env.BENCH_BASELINE) roots.push(['baseline', path.resolve(process.env.BENCH_BASELINE)]);
  roots.push(['this checkout', ROOT]);
  for (const [name, root] of roots) {
    log(`\n== ${name} (${root})`);
    await benchOne(sqliteFile, dir, root);
  }
}

async function benchOne(sqliteFile: string, dir: string, root: string): Promise<void> {
  const copy = path.join(dir, 'living.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${copy}${suffix}`, { force: true });
  fs.copyFileSync(sqliteFile, copy);
  const password = 'bench-writer-password';
  // The account is made by that checkout's own code (its migrations, its schema).
  const connect: typeof import('../../packages/server/src/db/connect.ts') = await import(
    pathToFileURL(path.join(root, 'packages/server/src/db/connect.ts')).href
  );
  const users: typeof import('../../packages/server/src/services/users.ts') = await import(
    pathToFileURL(path.join(root, 'packages/server/src/services/users.ts')).href
  );
  const db = await connect.openDb({ sqlitePath: copy });
  await users.createUser(db, { name: 'benchwriter', password, email: 'writer@bench.invalid' });
  const sample = Array.from({ length: 2000 }, (_, i) => workIdAt(i * 50));
  const links = await db
    .selectFrom('work_tags')
    .select(['work_id', 'tag_id'])
    .where('work_id', 'in', sample)
    .execute();
  await db.close();
  const byWork = new Map<number, number[]>();
  for (const l of links) byWork.set(l.work_id, [...(byWork.get(l.work_id) ?? []), l.tag_id]);
  const targets: VoteTargets = [...byWork].map(([workId, tagIds]) => ({ workId, tagIds }));
  const library = path.join(dir, 'library');
  fs.mkdirSync(library, { recursive: true });
  const server = await spawnBenchServer(root, {
    BENCH_DB: copy,
    BENCH_PORT: String(PORT),
    BENCH_LIBRARY: library,
    BENCH_DATA: path.join(dir, `data-${PORT}`),
  });
  try {
    const login = await request('POST', '/api/auth/me', {}, { name: 'benchwriter', password });
    const token = (JSON.parse(login.text) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    log(
      `living catalogue: ${LIVING_URLS.length} URLs, ${READERS} readers, ${SECONDS} s per rate (SQLite, 100,000 works)`,
    );
    await cpuPerUrl(server, Number(process.env.BENCH_LIVING_REPEAT || 20));
    for (const rate of RATES) {
      await runPhase(rate, auth, WARMUP, targets);
      const cpu0 = await serverCpuMs(server);
      const result = await runPhase(rate, auth, SECONDS, targets);
      printPhase(rate, SECONDS, result, (await serverCpuMs(server)) - cpu0);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
