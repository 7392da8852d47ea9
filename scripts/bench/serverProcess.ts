/**
 * The benchmark's server processes (scripts/bench/server.ts, one per port) and the CPU time they
 * report over IPC.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

const built = new Set<string>();

/**
 * The command of the bench server (scripts/bench/server.ts) of the checkout at `root`: built as
 * `npm start` builds the server (scripts/build-server.mjs) and run on node itself with that
 * checkout's runtime settings (node arguments and environment, as its `sasayaki` launcher sets
 * them), so memory and CPU are the shipped server's. Built once per checkout; a checkout from
 * before the build script runs it through tsx.
 */
async function benchServerCommand(root: string): Promise<{ args: string[]; env: Record<string, string> }> {
  const script = path.join(root, 'scripts/build-server.mjs');
  if (!fs.existsSync(script)) {
    return { args: ['--import', 'tsx', path.join(root, 'scripts/bench/server.ts')], env: {} };
  }
  const { SERVER_NODE_ARGS = [], SERVER_ENV = {} } = await import(pathToFileURL(script).href);
  const outdir = path.join(root, 'scripts/bench/dist');
  if (!built.has(root)) {
    const entry = `server=${path.join(root, 'scripts/bench/server.ts')}`;
    execFileSync(process.execPath, [script, outdir, entry], { cwd: root, stdio: 'ignore' });
    built.add(root);
  }
  return { args: [...SERVER_NODE_ARGS, path.join(outdir, 'server.mjs')], env: SERVER_ENV };
}

/**
 * Starts the bench server of the checkout at `root` with `env` (BENCH_DB, BENCH_PORT, …: see
 * scripts/bench/server.ts); resolves once it listens.
 */
export async function spawnBenchServer(root: string, env: Record<string, string>): Promise<ChildProcess> {
  const command = await benchServerCommand(root);
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: { ...command.env, ...process.env, ...env },
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

/**
 * Starts the real server on `dbSpec` (SQLite file or postgres:// URL); resolves once it listens.
 * Its library is `dir`/library, its data folder `dir`/data-<port>.
 */
export function startServer(dbSpec: string, port: number, dir: string): Promise<ChildProcess> {
  const library = path.join(dir, 'library');
  fs.mkdirSync(library, { recursive: true });
  return spawnBenchServer(ROOT, {
    BENCH_DB: dbSpec,
    BENCH_PORT: String(port),
    BENCH_LIBRARY: library,
    BENCH_DATA: path.join(dir, `data-${port}`),
  });
}

/** CPU milliseconds the server process has used so far. */
export function serverCpuMs(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
    server.send('cpu');
  });
}
