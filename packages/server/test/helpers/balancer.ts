/**
 * Several `sasayaki serve` processes on one PostgreSQL database behind Debian's nginx, for the
 * balancer test and `BENCH_ONLY=balancer npm run bench`: instances on fixed ports (a restarted
 * one comes back at the same upstream address), the upstream block docs/deploy.md documents,
 * and a steady load of keep-alive HTTP clients that counts every failed request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const serverDir = path.resolve(import.meta.dirname, '../..');
const bin = path.join(serverDir, 'bin/sasayaki.mjs');

/** A fresh database on the server of `baseUrl`, its URL, and how to drop it. */
export async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sasayaki_lb_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface Instance {
  port: number;
  dataDir: string;
  /** Everything the current process printed. */
  output(): string;
  /** Starts the process (again) and waits until its /api/health answers 200. */
  start(): Promise<void>;
  /** SIGTERM; resolves with the exit code once it exited. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  running(): boolean;
}

export function instance(opts: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-lb-'));
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  let out = '';
  return {
    port: opts.port,
    dataDir,
    output: () => out,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      out = '';
      const proc = spawn(process.execPath, [bin, 'serve'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          DATABASE_URL: opts.databaseUrl,
          SASAYAKI_DATA: dataDir,
          SASAYAKI_HOST: '127.0.0.1',
          SASAYAKI_PORT: String(opts.port),
          SASAYAKI_WATCH: '0',
          SASAYAKI_ONLINE_METADATA: '0',
          SASAYAKI_LOG_LEVEL: 'warn',
          SASAYAKI_TRUST_PROXY: '127.0.0.1',
          SASAYAKI_DB_POOL_SIZE: '4',
          ...opts.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout?.on('data', (b: Buffer) => {
        out += b.toString();
      });
      proc.stderr?.on('data', (b: Buffer) => {
        out += b.toString();
      });
      exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
      // Generous: a loaded 2-core machine takes half a minute to load the modules.
      const until = Date.now() + 300_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`instance :${opts.port} exited at start:\n${out}`);
        if ((await status(opts.port, '/api/health')) === 200) return;
        if (Date.now() > until) {
          proc.kill('SIGKILL');
          throw new Error(`instance :${opts.port} did not become healthy:\n${out}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child?.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
  };
}

/** The status of one GET to 127.0.0.1:port (0 when it could not connect). */
export function status(port: number, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

/**
 * How long nginx leaves an instance out after it refused a connection (`fail_timeout`). A rolling
 * restart waits this long after an instance is healthy again before stopping the next one:
 * sooner, and nginx can have every instance left out at once and answer 502 ("no live upstreams").
 */
export const FAIL_TIMEOUT_SECONDS = 5;

/**
 * The balancer's server block (docs/deploy.md, "Several instances"): passive health checks
 * (`max_fails`), retries of idempotent requests on the next instance, kept-alive upstream
 * connections that nginx closes itself before an instance would.
 */
export function balancerHttpBlock(opts: { listen: string; upstreams: readonly string[] }): string {
  return `
  upstream sasayaki {
${opts.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`).join('\n')}
    keepalive 32;
    keepalive_timeout 2s;
  }
  server {
    listen ${opts.listen};
    location / {
      proxy_pass http://sasayaki;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
      proxy_connect_timeout 2s;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }`;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Failure {
  at: number;
  request: string;
  /** HTTP status, or the socket error. */
  reason: string;
}

export interface Load {
  /** Requests answered so far (any status). */
  done(): number;
  /**
   * Runs `act` (a kill) and answers how many requests it could have hit: those in flight when it
   * began and those sent before it was done. Read before the act alone, the count misses a request
   * sent between the reading and the signal.
   */
  exposedTo(act: () => Promise<unknown>): Promise<number>;
  failures(): Failure[];
  /** Stops sending, waits for the requests in flight, answers the totals. */
  stop(): Promise<{ requests: number; failures: Failure[]; seconds: number }>;
}

/**
 * `clients` keep-alive connections sending `rate` requests per second in all, round-robin over
 * `requests`. A failure is a 5xx or a socket error: what a user of the site would see.
 */
export function steadyLoad(opts: {
  port: number;
  rate: number;
  clients: number;
  requests: readonly LoadRequest[];
}): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients });
  const failures: Failure[] = [];
  const started = Date.now();
  let done = 0;
  let inFlight = 0;
  let sent = 0;
  let next = 0;
  let stopping = false;
  const gapMs = (1000 * opts.clients) / opts.rate;

  const one = (r: LoadRequest) =>
    new Promise<void>((resolve) => {
      inFlight++;
      sent++;
      const finish = (reason: string | null) => {
        inFlight--;
        done++;
        if (reason) failures.push({ at: Date.now() - started, request: `${r.method} ${r.path}`, reason });
        resolve();
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: opts.port,
          path: r.path,
          method: r.method,
          agent,
          headers: r.body ? { 'content-type': 'application/json' } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => finish((res.statusCode ?? 0) >= 500 ? String(res.statusCode) : null));
          res.on('error', (e) => finish(e.message));
        },
      );
      req.on('error', (e) => finish((e as NodeJS.ErrnoException).code ?? e.message));
      req.end(r.body);
    });

  const client = async () => {
    while (!stopping) {
      const t0 = Date.now();
      const r = opts.requests[next++ % opts.requests.length] as LoadRequest;
      await one(r);
      const wait = gapMs - (Date.now() - t0);
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    }
  };
  const running = Array.from({ length: opts.clients }, (_, i) =>
    new Promise((r) => setTimeout(r, (gapMs * i) / opts.clients)).then(client),
  );
  return {
    done: () => done,
    async exposedTo(act) {
      const before = inFlight;
      const sentBefore = sent;
      await act();
      return before + (sent - sentBefore);
    },
    failures: () => failures,
    async stop() {
      stopping = true;
      await Promise.all(running);
      agent.destroy();
      return { requests: done, failures, seconds: (Date.now() - started) / 1000 };
    },
  };
}
