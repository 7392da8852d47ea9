/**
 * A `sasayaki start` of the test's own, on a free port from E2E_PORT+10 to +20, so a test can stop
 * and start the server under a page. It serves a copy of the shared demo library from its own data
 * folder; readiness is polled on /api/health.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  const base = Number(process.env.E2E_PORT || 8931);
  for (let p = base + 10; p <= base + 20; p++) if (await portIsFree(p)) return p;
  throw new Error(`no free port from ${base + 10} to ${base + 20}`);
}

/** The administrator of a server of a test's own (not a first run). */
export const OWN_ADMIN = { name: 'ownadmin', password: 'own-admin-secret' };

export class OwnServer {
  private child: ChildProcess | null = null;
  /** What the server printed on its standard output (the start banner among it). */
  stdout = '';

  private constructor(
    readonly port: number,
    private readonly dataDir: string,
    /** A first run: no administrator is made, so every page is the setup screen. */
    private readonly empty: boolean,
  ) {}

  /** `empty`: an empty data folder, as on a first run (the server makes its demo library itself). */
  static async create({ empty = false } = {}): Promise<OwnServer> {
    const shared = process.env.E2E_DATA_DIR;
    if (!shared) throw new Error('E2E_DATA_DIR is not set: run through the Playwright config');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-own-'));
    if (!empty) {
      fs.cpSync(path.join(shared, 'demo-library'), path.join(dataDir, 'demo-library'), { recursive: true });
    }
    return new OwnServer(await freePort(), dataDir, empty);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once /api/health answers OK. */
  async start(): Promise<void> {
    // The server built by the global setup, on node itself (as `npm start` runs it).
    const child = spawn(process.execPath, ['packages/server/dist/main.mjs', 'start'], {
      cwd: root,
      env: {
        ...process.env,
        SASAYAKI_DATA: this.dataDir,
        SASAYAKI_PORT: String(this.port),
        SASAYAKI_HOST: '127.0.0.1',
        SASAYAKI_LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SASAYAKI_LIBRARY: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (b: Buffer) => {
      this.stdout += b.toString('utf8');
    });
    this.child = child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`own server exited with ${child.exitCode}`);
      try {
        const r = await fetch(`${this.url}/api/health`);
        if (r.ok) {
          // Past the first run, as the shared server is (its administrator is made on the command
          // line): the pages under test are the app's, not the setup screen. 409 once made.
          if (!this.empty)
            await fetch(`${this.url}/api/setup`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(OWN_ADMIN),
            });
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Stops the server at once, as a crash or a pulled cable would, and resolves once it has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
