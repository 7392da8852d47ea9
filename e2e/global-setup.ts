/**
 * Starts `sasayaki start` on a temporary data folder (demo library + SQLite) and waits for
 * /api/health; returns the teardown that stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT || 8931);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-e2e-'));
  const env = {
    ...process.env,
    SASAYAKI_DATA: dataDir,
    SASAYAKI_PORT: String(port),
    SASAYAKI_HOST: '127.0.0.1',
    SASAYAKI_LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SASAYAKI_LIBRARY: '',
  };
  // Several test runs may share one checkout: build the web app under a lock.
  const build = spawn('flock', ['/tmp/sasayaki-webbuild.lock', 'node', 'scripts/build-web-if-needed.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  await new Promise((resolve) => build.on('exit', resolve));
  const server: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['packages/server/src/main.ts', 'start'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
