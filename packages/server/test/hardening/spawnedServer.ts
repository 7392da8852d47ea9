/**
 * The real server as an operator runs it: `sasayaki serve` in its own process, on a free port,
 * with its output kept for the test's messages. `kill()` is SIGKILL: no shutdown code runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');
const bin = path.join(serverDir, 'bin/sasayaki.mjs');

export interface SpawnedServer {
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function spawnServer(
  env: Record<string, string>,
  readyWithinMs = 120_000,
): Promise<SpawnedServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DATABASE_URL: '',
      SASAYAKI_HOST: '127.0.0.1',
      SASAYAKI_PORT: String(port),
      SASAYAKI_WATCH: '0',
      SASAYAKI_ONLINE_METADATA: '0',
      SASAYAKI_LOG_LEVEL: 'warn',
      // The writers of a run all register from this one address.
      SASAYAKI_REGISTRATION_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + readyWithinMs;
  for (;;) {
    if (gone) throw new Error(`the server exited before answering:\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}
