/**
 * Scanner benchmark: first scan and no-change rescan of the demo library and of a generated
 * library of 10,000 works (tiny files), on SQLite and, when reachable, PostgreSQL; wall time and
 * the process's CPU time of each.
 * Libraries are generated once into /tmp/sasayaki-bench-scan and reused.
 *
 * Run: `tsx scripts/bench/scan.ts` (also run by `npm run bench`). `--works N` changes the size;
 * `--many-names` gives the generated library's sidecars thousands of distinct circles, voice
 * actors and tags, as a real library has, instead of a few dozen.
 * `--rescan-works N` measures only the no-change rescan of a library of N works (100,000 for the
 * goal in docs/scanner.md); its database is filled by a first scan that reads no audio header
 * (durations are not what is measured), generated once (about 2 GB of small files); then
 * `--rounds N` (3) interleaved rescans without and with the no-change check's worker threads.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../../packages/server/src/config.ts';
import { dropPgSchema, openDb } from '../../packages/server/src/db/connect.ts';
import { wavTone } from '../../packages/server/src/demo/audio.ts';
import { generateDemoLibrary } from '../../packages/server/src/demo/generate.ts';
import { type ScanOptions, scanLibrary } from '../../packages/server/src/scanner/index.ts';
import { scanHooks } from '../../packages/server/src/services/scans/hooks.ts';

const DIR = '/tmp/sasayaki-bench-scan';
const PG_URL =
  process.env.BENCH_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
};
const WORKS = argValue('--works') ?? 10_000;
const RESCAN_WORKS = argValue('--rescan-works');
const MANY_NAMES = process.argv.includes('--many-names');

const log = (msg: string) => process.stdout.write(`${msg}\n`);

async function ensureDemo(): Promise<string> {
  const dir = path.join(DIR, 'demo');
  if (!fs.existsSync(`${dir}.complete`)) {
    fs.rmSync(dir, { recursive: true, force: true });
    await generateDemoLibrary(dir);
    fs.writeFileSync(`${dir}.complete`, '');
  }
  return dir;
}

/** The sidecar names of work i: a few dozen across the library, or (`--many-names`) thousands. */
function namesOf(i: number) {
  if (!MANY_NAMES) {
    return {
      circle: { id: 10_000 + (i % 100), name: `サークル${i % 100}` },
      vas: [{ name: `声優${i % 37}` }],
      tags: [
        { id: 1 + (i % 20), name: `タグ${i % 20}`, i18n: { 'en-us': { name: `tag ${i % 20}` } } },
        { id: 100 + (i % 7), name: `ジャンル${i % 7}` },
      ],
    };
  }
  // Sidecars are on even works: 2,500 circles, 3,000 voice actors, 400 tags.
  const tag = (t: number) => ({ id: 1 + t, name: `タグ${t}`, i18n: { 'en-us': { name: `tag ${t}` } } });
  return {
    circle: { id: 10_000 + (i % 5000), name: `サークル${i % 5000}` },
    vas: [{ name: `声優${i % 3000}` }, { name: `声優${(i * 7 + 1) % 3000}` }],
    tags: [0, 1, 2, 3].map((k) => tag((i * 13 + k * 101) % 400)),
  };
}

/** N works in 100 grouping folders: two short WAVs, a subtitle, a cover, a sidecar every other work. */
async function ensureBulk(n: number): Promise<string> {
  const dir = path.join(DIR, `library-${n}${MANY_NAMES ? '-many-names' : ''}-v1`);
  if (fs.existsSync(`${dir}.complete`)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  log(`generating a library of ${n} works in ${dir} (once)`);
  const wav = wavTone(0.25, 440, 1);
  const cover = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0a0e0' } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < n; i++) {
    const code = `RJ0${2_000_000 + i}`;
    const work = path.join(dir, `circle-${String(i % 100).padStart(2, '0')}`, `${code} 作品 ${i}`);
    fs.mkdirSync(path.join(work, 'mp3'), { recursive: true });
    fs.writeFileSync(path.join(work, 'mp3', '01 本編.wav'), wav);
    fs.writeFileSync(path.join(work, 'mp3', '02 おまけ.wav'), wav);
    fs.writeFileSync(path.join(work, 'mp3', '01 本編.lrc'), '[00:00.10]こんばんは\n');
    fs.writeFileSync(path.join(work, 'cover.jpg'), cover);
    if (i % 2 === 0) {
      fs.writeFileSync(
        path.join(work, 'work.json'),
        JSON.stringify({ title: `ベンチマーク作品 ${i}`, ...namesOf(i) }),
      );
    }
  }
  fs.writeFileSync(`${dir}.complete`, '');
  return dir;
}

/** N works as light as a real work's tree: a folder with a WAV and a subtitle, a cover, a sidecar. */
async function ensureRescanLibrary(n: number): Promise<string> {
  const dir = path.join(DIR, `rescan-${n}-v1`);
  if (fs.existsSync(`${dir}.complete`)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  log(`generating a library of ${n} works in ${dir} (once)`);
  const wav = wavTone(0.01, 440, 1);
  for (let i = 0; i < n; i++) {
    const work = path.join(dir, `circle-${String(i % 1000).padStart(3, '0')}`, `RJ0${3_000_000 + i}`);
    fs.mkdirSync(path.join(work, 'wav'), { recursive: true });
    fs.writeFileSync(path.join(work, 'wav', '01.wav'), wav);
    fs.writeFileSync(path.join(work, 'wav', '01.lrc'), '[00:00.00]…\n');
    fs.writeFileSync(path.join(work, 'cover.jpg'), 'not decoded by the scanner');
    if (i % 2 === 0) fs.writeFileSync(path.join(work, 'work.json'), JSON.stringify({ title: `作品 ${i}` }));
  }
  fs.writeFileSync(`${dir}.complete`, '');
  return dir;
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

interface Result {
  library: string;
  dialect: string;
  works: number;
  files: number;
  firstMs: number;
  firstCpuMs: number;
  rescanMs: number;
  rescanCpuMs: number;
  /** With `--rescan-works`: the no-change rescan with and without the checking threads, interleaved. */
  rescans?: { threads: number | 'default'; ms: number; cpuMs: number }[];
}

/** Rounds of the interleaved threads / no-threads rescan comparison. */
const RESCAN_ROUNDS = argValue('--rounds') ?? 3;

/** A scan's summary with the CPU time (user + system) this process spent on it. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}

async function bench(
  library: string,
  name: string,
  dialect: 'sqlite' | 'postgres',
  firstOptions: ScanOptions = {},
  compareThreads = false,
): Promise<Result> {
  const dataDir = path.join(DIR, `data-${name}-${dialect}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const schema = `bench_scan_${process.pid}`;
  const db =
    dialect === 'postgres'
      ? await openDb({ databaseUrl: PG_URL, pgSchema: schema, poolSize: 2 })
      : await openDb({ sqlitePath: path.join(dataDir, 'sasayaki.db') });
  try {
    const config = loadConfig({}, { libraryRoots: [library], dataDir, onlineMetadata: false });
    const first = await timed(() => scanLibrary({ config, db, hooks: scanHooks }, firstOptions));
    if (first.result.errors.length)
      throw new Error(`scan reported errors: ${JSON.stringify(first.result.errors.slice(0, 3))}`);
    const again = await timed(() => scanLibrary({ config, db, hooks: scanHooks }));
    if (again.result.worksUnchanged !== first.result.worksAdded)
      throw new Error('the rescan found changes in an unchanged library');
    const rescans: Result['rescans'] = [];
    // Interleaved, so machine load treats both alike: the scan's own thread, then one per core.
    for (let round = 0; compareThreads && round < RESCAN_ROUNDS; round++) {
      for (const threads of [0, 'default'] as const) {
        const r = await timed(() =>
          scanLibrary(
            { config, db, hooks: scanHooks },
            threads === 'default' ? {} : { checkThreads: threads },
          ),
        );
        rescans.push({ threads, ms: r.result.ms, cpuMs: r.cpuMs });
        log(
          `    rescan, ${threads === 0 ? 'no threads' : 'checking threads'}: ${seconds(r.result.ms)} (CPU ${seconds(r.cpuMs)})`,
        );
      }
    }
    return {
      rescans,
      library: name,
      dialect,
      works: first.result.worksAdded,
      files: first.result.files,
      firstMs: first.result.ms,
      firstCpuMs: first.cpuMs,
      rescanMs: again.result.ms,
      rescanCpuMs: again.cpuMs,
    };
  } finally {
    await db.close();
    if (dialect === 'postgres') await dropPgSchema(PG_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runScanBench(): Promise<Result[]> {
  fs.mkdirSync(DIR, { recursive: true });
  const dialects: ('sqlite' | 'postgres')[] = ['sqlite'];
  if (await pgReachable()) dialects.push('postgres');
  else log(`PostgreSQL not reachable at ${PG_URL}: PostgreSQL rows skipped`);
  const results: Result[] = [];
  if (RESCAN_WORKS) {
    const dir = await ensureRescanLibrary(RESCAN_WORKS);
    for (const dialect of dialects) {
      const r = await bench(dir, `${RESCAN_WORKS} works`, dialect, { probeAudio: async () => 1 }, true);
      results.push(r);
      log(
        `  ${r.library} on ${dialect}: ${r.works} works, ${r.files} files — no-change rescan ` +
          `${seconds(r.rescanMs)} (CPU ${seconds(r.rescanCpuMs)}); filled without audio headers in ${seconds(r.firstMs)}`,
      );
    }
    return results;
  }
  const libraries: [string, string][] = [
    [await ensureDemo(), 'demo'],
    [await ensureBulk(WORKS), `${WORKS} works${MANY_NAMES ? ', many names' : ''}`],
  ];
  for (const [dir, name] of libraries) {
    for (const dialect of dialects) {
      const r = await bench(dir, name, dialect);
      results.push(r);
      log(
        `  ${name} on ${dialect}: ${r.works} works, ${r.files} files — first scan ${seconds(r.firstMs)} ` +
          `(CPU ${seconds(r.firstCpuMs)}), no-change rescan ${seconds(r.rescanMs)} (CPU ${seconds(r.rescanCpuMs)})`,
      );
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runScanBench().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
