/**
 * `sasayaki start` on the demo library, for the browser benchmarks: builds the web app when needed
 * (under the lock the e2e setup takes too), serves from a fresh temporary data folder (SQLite, the
 * generated demo library), waits for /api/health and creates the administrator as an operator does
 * on the first-run screen, so the app shows the library, not that screen.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DemoServer {
  base: string;
  /** The server's temporary data folder; removed by `stop`. */
  dataDir: string;
  stop(): Promise<void>;
}

/** `name` tells the data folders apart; `serverOutput` is where the server's stdout goes. */
export async function startDemoServer(
  port: number,
  name: string,
  serverOutput: 'inherit' | 'ignore' = 'inherit',
): Promise<DemoServer> {
  const base = `http://127.0.0.1:${port}`;
  spawnSync('flock', ['/tmp/sasayaki-webbuild.lock', 'node', 'scripts/build-web-if-needed.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sasayaki-bench-${name}-`));
  const env = {
    ...process.env,
    SASAYAKI_DATA: dataDir,
    SASAYAKI_PORT: String(port),
    SASAYAKI_HOST: '127.0.0.1',
    SASAYAKI_LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SASAYAKI_LIBRARY: '',
  };
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts', 'start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', serverOutput, 'inherit'],
  });
  // A benchmark that throws does not leave its server running.
  const kill = () => server.kill('SIGTERM');
  process.once('exit', kill);
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      kill();
      await exited;
    }
    process.off('exit', kill);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${server.exitCode}`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      const setup = await fetch(`${base}/api/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'admin', password: 'bench-admin-password' }),
      });
      if (!setup.ok) {
        await stop();
        throw new Error(`first-run setup answered ${setup.status}`);
      }
      return { base, dataDir, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become healthy in 180 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
