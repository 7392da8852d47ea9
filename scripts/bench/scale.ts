/**
 * The server at 100,000 works on SQLite, as many listeners use it: pages all over the catalogue,
 * every order, Latin words of every length and short CJK words, work details and track trees,
 * mostly requests the caches have not seen. After a warm-up of such requests it reports the
 * server's resident memory (RSS, from /proc) against the 200 MB goal, then per kind of request
 * the p50 / p99 latency (one request at a time) and the server CPU per request.
 *
 * `BENCH_SCALE_REQUESTS` (200 per kind) and `BENCH_SCALE_WARMUP` (3,000 requests) size the run.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { BENCH_FACTS } from './catalogue.ts';
import { loadAverage } from './endpoints.ts';
import { ipcCpu } from './media.ts';

const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS || 200);
const WARMUP = Number(process.env.BENCH_SCALE_WARMUP || 3000);
/** Memory goal at 100,000 works after warm-up. */
const RSS_GOAL_MB = 200;

const log = (msg: string) => process.stdout.write(`${msg}\n`);
const enc = encodeURIComponent;

/** A deterministic generator: the same requests every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const LATIN_WORDS = [
  'healing',
  'whisper',
  'sleep',
  'maid',
  'sister',
  'binaural',
  'massage',
  'lullaby',
  'witch',
];
const CJK_WORDS = ['耳かき', '癒し', '睡眠', '囁き', '添い寝', '夜'];
const ORDERS = ['create_date', 'dl_count', 'rate_average_2dp', 'price', 'release', 'id'];

/** Work ids of the benchmark catalogue (scripts/bench/catalogue.ts). */
const workIdAt = (k: number) => (k === 0 ? BENCH_FACTS.workWithFiles : 200_000 + k * 37);

type Kind = { name: string; next(rand: () => number): string };

const KINDS: Kind[] = [
  {
    name: 'works page, any page and order',
    next: (r) =>
      `/api/works?page=${1 + Math.floor(r() * 2000)}&order=${ORDERS[Math.floor(r() * ORDERS.length)]}&sort=${r() < 0.5 ? 'asc' : 'desc'}`,
  },
  {
    name: 'Latin word search, 1 to 8 letters',
    next: (r) => {
      const word = LATIN_WORDS[Math.floor(r() * LATIN_WORDS.length)]!;
      const length = 1 + Math.floor(r() * Math.min(8, word.length));
      return `/api/search/${enc(word.slice(0, length))}?page=${1 + Math.floor(r() * 5)}`;
    },
  },
  {
    name: 'CJK word search',
    next: (r) =>
      `/api/search/${enc(CJK_WORDS[Math.floor(r() * CJK_WORDS.length)]!)}?page=${1 + Math.floor(r() * 5)}`,
  },
  { name: 'work detail', next: (r) => `/api/work/${workIdAt(Math.floor(r() * 100_000))}` },
  { name: 'tracks tree', next: (r) => `/api/tracks/${workIdAt(Math.floor(r() * 100_000))}` },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: '127.0.0.1', port, path: p, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${p}: ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      })
      .on('error', reject);
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The server's process.memoryUsage(), asked over IPC (scripts/bench/server.ts). */
function memoryOf(server: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      const memory = (m as { memory?: NodeJS.MemoryUsage }).memory;
      if (!memory) return;
      server.off('message', onMessage);
      resolve(memory);
    };
    server.on('message', onMessage);
    server.send('memory');
  });
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

export interface ScaleResult {
  rssMb: number;
  rows: { name: string; p50: number; p99: number; cpu: number }[];
}

/** Runs the scale pass against a started bench server (scripts/bench/server.ts). */
export async function benchScale(server: ChildProcess, port: number): Promise<ScaleResult> {
  const cpu = ipcCpu(server);
  const rand = prng(23);
  const started = Date.now();
  const rssStart = rssMb(server.pid!);
  for (let i = 0; i < WARMUP; i++) await get(port, KINDS[i % KINDS.length]!.next(rand));
  const rssWarm = rssMb(server.pid!);
  log(
    `\nscale: RSS ${rssStart.toFixed(0)} MB after start, ${rssWarm.toFixed(0)} MB after ${WARMUP} varied requests (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const rows: ScaleResult['rows'] = [];
  for (const kind of KINDS) {
    const times: number[] = [];
    const before = await cpu();
    for (let i = 0; i < REQUESTS; i++) times.push(await get(port, kind.next(rand)));
    rows.push({
      name: kind.name,
      p50: pct(times, 50),
      p99: pct(times, 99),
      cpu: ((await cpu()) - before) / REQUESTS,
    });
  }
  const rss = Math.max(rssWarm, rssMb(server.pid!));
  const m = await memoryOf(server);
  log(
    `memory: V8 heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, buffers ${mb(m.arrayBuffers)}, other external ${mb(m.external - m.arrayBuffers)}, ` +
      `outside V8 (SQLite page cache, code, stacks) ${mb(m.rss - m.heapTotal - m.external)}`,
  );
  const load = loadAverage();
  log(`100,000 works on SQLite, ${REQUESTS} varied requests per kind, one at a time, load average ${load}:`);
  log('kind                                  p50 ms   p99 ms   CPU ms/req');
  for (const r of rows) {
    log(
      `${r.name.padEnd(36)}${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.cpu.toFixed(2).padStart(12)}`,
    );
  }
  log(
    `RSS after warm-up and the runs: ${rss.toFixed(0)} MB (goal ≤ ${RSS_GOAL_MB} MB: ${rss <= RSS_GOAL_MB ? 'met' : 'MISSED'})`,
  );
  return { rssMb: rss, rows };
}
