/**
 * The benchmark's server processes (scripts/bench/server.ts, one per port) and the CPU time they
 * report over IPC.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

/**
 * Starts the real server on `dbSpec` (SQLite file or postgres:// URL); resolves once it listens.
 * Its library is `dir`/library, its data folder `dir`/data-<port>.
 */
export async function startServer(dbSpec: string, port: number, dir: string): Promise<ChildProcess> {
  const library = path.join(dir, 'library');
  fs.mkdirSync(library, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_DB: dbSpec,
      BENCH_PORT: String(port),
      BENCH_LIBRARY: library,
      BENCH_DATA: path.join(dir, `data-${port}`),
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
export function serverCpuMs(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
    server.send('cpu');
  });
}
