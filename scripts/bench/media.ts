/**
 * Media side by side: one 100 MB file downloaded, in interleaved rounds, from
 *   - our server (`/api/media/stream`, the server sends the bytes),
 *   - a plain Node server (`fs.createReadStream(file).pipe(res)`),
 *   - nginx serving the file directly (when /usr/sbin/nginx or nginx on PATH exists),
 *   - our server behind nginx in accel mode (our server authorises, nginx sends with sendfile).
 * For each: median throughput (curl as the client, so the client costs no server CPU) and the
 * server CPU per 100 MB (process CPU time before and after each download; nginx's from /proc,
 * plus our server's for the accel row). CPU per byte is what stays steady on a shared machine.
 * The rounds run twice: on freshly started servers, and again after every server sat idle for
 * `BENCH_MEDIA_IDLE` seconds (120): an idle process's smaller heap is where per-read buffer
 * allocations used to set off a garbage collection every few reads (http/fileBody.ts).
 *
 * Run alone with `BENCH_ONLY=media npm run bench` (under the bench lock).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../../packages/server/src/db/connect.ts';
import { accelServerBlock, nginxBinary, startNginx } from '../../packages/server/test/helpers/nginx.ts';
import { STREAM_WORK_ID } from './catalogue.ts';
import { loadAverage } from './endpoints.ts';
import { benchPort } from './ports.ts';
import { spawnBenchServer } from './serverProcess.ts';

const DIR = '/tmp/sasayaki-bench/media';
const LIBRARY = path.join(DIR, 'library');
const FOLDER = `RJ0${STREAM_WORK_ID}`;
const FILE_ID = 99_000_000;
/** `BENCH_MEDIA_MB` (default 100) sizes the file; the tests use a small one. */
const BYTES = Number(process.env.BENCH_MEDIA_MB || 100) * 1024 * 1024;
const FILE_NAME = `stream-${BYTES / 1024 / 1024}MB.bin`;
const FILE = path.join(LIBRARY, FOLDER, FILE_NAME);
const PORTS = {
  api: benchPort(2),
  nginxDirect: benchPort(3),
  accelApi: benchPort(4),
  nginxFront: benchPort(5),
  plain: benchPort(10),
  baseline: benchPort(11),
};
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const ROUNDS = Number(process.env.BENCH_MEDIA_ROUNDS || 5);
/** Idle time between the fresh and the idle rounds (`BENCH_MEDIA_IDLE`, seconds, default 120). */
const IDLE_SECONDS = Number(process.env.BENCH_MEDIA_IDLE ?? 120);

const log = (msg: string) => process.stdout.write(`${msg}\n`);

function ensureFile(): void {
  if (fs.existsSync(FILE) && fs.statSync(FILE).size === BYTES) return;
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  const fd = fs.openSync(FILE, 'w');
  const chunk = crypto.randomBytes(1024 * 1024);
  for (let i = 0; i < BYTES / chunk.length; i++) fs.writeSync(fd, chunk);
  fs.closeSync(fd);
}

/** A one-work SQLite catalogue whose file row matches the file on disk. */
async function ensureCatalogue(): Promise<string> {
  const file = path.join(DIR, 'catalogue.db');
  const t = await openDb({ sqlitePath: file });
  const mtime = Math.trunc(fs.statSync(FILE).mtimeMs);
  try {
    await t.deleteFrom('files').where('id', '=', FILE_ID).execute();
    await t.deleteFrom('works').where('id', '=', STREAM_WORK_ID).execute();
    await t
      .insertInto('works')
      .values({
        id: STREAM_WORK_ID,
        source_id: FOLDER,
        title: 'ストリーミング計測 Streaming benchmark',
        create_date: '2020-01-01',
        folder_path: FOLDER,
        root_index: 0,
        search_text: 'streaming benchmark',
      })
      .execute();
    await t
      .insertInto('files')
      .values({ id: FILE_ID, work_id: STREAM_WORK_ID, path: FILE_NAME, type: 'other', size: BYTES, mtime })
      .execute();
  } finally {
    await t.close();
  }
  return file;
}

/** A process that reports its own CPU time over IPC ('cpu' → {cpuMs}). */
interface Measured {
  name: string;
  url: string;
  cpuMs(): Promise<number>;
}

/** CPU milliseconds of a bench server process so far, asked over IPC (scripts/bench/server.ts). */
export function ipcCpu(child: ChildProcess): () => Promise<number> {
  return () =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
      child.send('cpu');
    });
}

/** CPU milliseconds of a process (user + system) from /proc, for processes we cannot ask. */
export function procCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

export function waitForLine(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before "${text}"`)));
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes(text)) resolve();
    });
  });
}

async function startApi(
  dbFile: string,
  port: number,
  accel: 'off' | 'nginx',
  root = ROOT,
): Promise<ChildProcess> {
  return spawnBenchServer(root, {
    BENCH_DB: dbFile,
    BENCH_PORT: String(port),
    BENCH_LIBRARY: LIBRARY,
    BENCH_DATA: path.join(DIR, `data-${port}`),
    BENCH_ACCEL: accel,
  });
}

/**
 * A plain Node file server (`fs.createReadStream(file).pipe(res)`, nothing else) that answers
 * every path under `dir` with that file and reports its CPU time over IPC: the floor for sending
 * the same bytes from Node.
 */
export async function startPlainFileServer(
  dir: string,
  port: number,
  contentType: string,
): Promise<ChildProcess> {
  const script = `const fs=require('fs'),path=require('path');process.on('message',()=>{const u=process.cpuUsage();process.send({cpuMs:(u.user+u.system)/1000})});require('http').createServer((q,r)=>{const f=path.join(${JSON.stringify(dir)},path.basename(decodeURIComponent(q.url)));fs.stat(f,(e,st)=>{if(e){r.writeHead(404);r.end();return}r.writeHead(200,{'content-type':${JSON.stringify(contentType)},'content-length':st.size});fs.createReadStream(f).pipe(r)})}).listen(${port},'127.0.0.1',()=>console.log('listening'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  await waitForLine(child, 'listening');
  return child;
}

/** One nginx process with two servers: the library served directly, and the accel front. */
function nginxHttp(): string {
  return `
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${PORTS.nginxDirect};
    root ${LIBRARY};
  }
${accelServerBlock({
  listen: `127.0.0.1:${PORTS.nginxFront}`,
  upstream: `127.0.0.1:${PORTS.accelApi}`,
  accelPrefix: '/_sasayaki/library',
  roots: [LIBRARY],
})}`;
}

/** Downloads a URL to nowhere with curl (a client outside Node, so it costs no server CPU). */
function download(url: string): Promise<{ bytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{size_download} %{time_total}', url]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const [bytes, seconds] = out.trim().split(' ').map(Number);
      if (code !== 0 || !bytes || !seconds) reject(new Error(`curl ${url} failed (${code}): ${out}`));
      else resolve({ bytes, seconds });
    });
  });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export interface MediaRow {
  name: string;
  /** Median MB/s. */
  mbps: number;
  /** Server CPU milliseconds per 100 MB, averaged over the rounds. */
  cpuPer100MB: number;
  /** Server CPU milliseconds per 100 MB of each round. */
  cpuRounds: number[];
}

/** Runs the side-by-side media benchmark and prints its table and ratios. */
export async function benchMedia(): Promise<{ fresh: MediaRow[]; idle: MediaRow[] }> {
  ensureFile();
  const dbFile = await ensureCatalogue();
  const children: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    const api = await startApi(dbFile, PORTS.api, 'off');
    const plain = await startPlainFileServer(path.dirname(FILE), PORTS.plain, 'application/octet-stream');
    children.push(api, plain);
    const streamPath = `/api/media/stream/${FILE_ID}`;
    const legs: Measured[] = [
      { name: 'our server', url: `http://127.0.0.1:${PORTS.api}${streamPath}`, cpuMs: ipcCpu(api) },
      { name: 'plain Node', url: `http://127.0.0.1:${PORTS.plain}/${FILE_NAME}`, cpuMs: ipcCpu(plain) },
    ];
    // BENCH_BASELINE=<dir>: an earlier checkout's server too (scripts/bench/sideBySide.ts).
    if (process.env.BENCH_BASELINE) {
      const baseline = await startApi(
        dbFile,
        PORTS.baseline,
        'off',
        path.resolve(process.env.BENCH_BASELINE),
      );
      children.push(baseline);
      legs.push({
        name: 'baseline',
        url: `http://127.0.0.1:${PORTS.baseline}${streamPath}`,
        cpuMs: ipcCpu(baseline),
      });
    }
    const bin = nginxBinary();
    if (bin) {
      const accelApi = await startApi(dbFile, PORTS.accelApi, 'nginx');
      children.push(accelApi);
      // One process (no master): its CPU time is one /proc entry.
      const nginx = await startNginx({
        bin,
        dir: path.join(DIR, 'nginx'),
        http: nginxHttp(),
        port: PORTS.nginxFront,
        masterProcess: false,
      });
      stops.push(nginx.stop);
      const nginxCpu = () => procCpuMs(nginx.child.pid!);
      const accelCpu = ipcCpu(accelApi);
      legs.push(
        {
          name: 'nginx direct',
          url: `http://127.0.0.1:${PORTS.nginxDirect}/${FOLDER}/${FILE_NAME}`,
          cpuMs: async () => nginxCpu(),
        },
        {
          name: 'our server behind nginx (accel)',
          url: `http://127.0.0.1:${PORTS.nginxFront}${streamPath}`,
          cpuMs: async () => nginxCpu() + (await accelCpu()),
        },
      );
    } else {
      log('[notice] nginx not found: the nginx rows are skipped');
    }
    // Warm-up: page cache, JIT, connections.
    for (const leg of legs) await download(leg.url);
    const fresh = await measureRounds(legs);
    printMedia('freshly started', fresh);
    if (IDLE_SECONDS > 0) log(`\nidle for ${IDLE_SECONDS} s (every server)…`);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    // No warm-up now: the first bytes after the idle time are the ones that used to suffer.
    const idle = await measureRounds(legs);
    printMedia(`after ${IDLE_SECONDS} s idle`, idle);
    return { fresh, idle };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    for (const stop of stops) await stop();
  }
}

/** Interleaved rounds (page cache and machine load treat every leg alike). */
async function measureRounds(legs: Measured[]): Promise<MediaRow[]> {
  const speeds = legs.map(() => [] as number[]);
  const cpu = legs.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, leg] of legs.entries()) {
      const before = await leg.cpuMs();
      const r = await download(leg.url);
      cpu[i]!.push(((await leg.cpuMs()) - before) * ((100 * 1024 * 1024) / BYTES));
      if (r.bytes !== BYTES) throw new Error(`${leg.url} sent ${r.bytes} bytes, not ${BYTES}`);
      speeds[i]!.push(r.bytes / r.seconds / 1024 / 1024);
    }
  }
  return legs.map((leg, i) => ({
    name: leg.name,
    mbps: median(speeds[i]!),
    cpuPer100MB: cpu[i]!.reduce((x, y) => x + y, 0) / ROUNDS,
    cpuRounds: cpu[i]!,
  }));
}

/** min–max of a per-round ratio, e.g. "0.41–0.55". */
export function ratioRange(ours: number[], theirs: number[]): { low: number; high: number; median: number } {
  const ratios = ours.map((x, i) => x / Math.max(1e-9, theirs[i]!));
  return { low: Math.min(...ratios), high: Math.max(...ratios), median: median(ratios) };
}

const fmtRange = (r: { low: number; high: number; median: number }) =>
  `${r.median.toFixed(2)}× (rounds ${r.low.toFixed(2)}–${r.high.toFixed(2)}×)`;

function printMedia(phase: string, rows: MediaRow[]): void {
  const by = (name: string) => rows.find((r) => r.name === name);
  const plain = by('plain Node');
  const nginx = by('nginx direct');
  const load = loadAverage();
  log(
    `\nmedia, ${phase}, ${BYTES / 1024 / 1024} MB file, ${ROUNDS} interleaved rounds (curl client), load average ${load}:`,
  );
  log('server                           MB/s (median)  CPU ms / 100 MB');
  for (const r of rows) {
    log(`${r.name.padEnd(33)}${r.mbps.toFixed(0).padStart(13)}  ${r.cpuPer100MB.toFixed(0).padStart(15)}`);
  }
  const ours = by('our server');
  const accel = by('our server behind nginx (accel)');
  const baseline = by('baseline');
  if (baseline && plain) {
    log(`baseline / plain Node CPU ${fmtRange(ratioRange(baseline.cpuRounds, plain.cpuRounds))}`);
  }
  if (ours && plain) {
    const range = ratioRange(ours.cpuRounds, plain.cpuRounds);
    const goal = phase.startsWith('fresh') ? 0.7 : 1.2;
    log(
      `streaming ${phase}: our server / plain Node CPU ${fmtRange(range)} (goal ≤ ${goal}×: ${range.median <= goal ? 'met' : 'MISSED'}), throughput ${((ours.mbps / plain.mbps) * 100).toFixed(0)}%`,
    );
  }
  if (accel && nginx) {
    const ratio = accel.mbps / nginx.mbps;
    log(
      `accel / nginx direct: throughput ${(ratio * 100).toFixed(0)}% (goal ≥ 80%: ${ratio >= 0.8 ? 'met' : 'MISSED'}), CPU ${(accel.cpuPer100MB / nginx.cpuPer100MB).toFixed(1)}×`,
    );
  }
}
