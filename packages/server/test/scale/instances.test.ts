/**
 * Three server instances on one PostgreSQL schema, each its own `buildApp` with its own pool and
 * data folder (docs/scale.md): what one changes reaches the others' caches at once (LISTEN/NOTIFY),
 * one of them leads the background rescans, a scan runs once and shows everywhere, and a
 * transcode asked of two instances sharing the cache folder runs ffmpeg once.
 * PostgreSQL only: skipped with the helper's notice when it is unreachable.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { dropPgSchema } from '../../src/db/connect.ts';
import { findScanRun, insertScanRun } from '../../src/repositories/scanRuns.ts';
import { workCacheOf } from '../../src/services/catalogue/workCache.ts';
import { createUser } from '../../src/services/users.ts';
import { PG_URL, pgAvailable, pgSchemaAt } from '../helpers/db.ts';
import { ffmpegAvailableFor } from '../helpers/ffmpeg.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';
import { tempDir, writeTree } from '../scanner/helpers.ts';

interface Instance extends TestApp {
  name: string;
  closed: boolean;
}

/** One instance: its own pool and data folder on the shared schema; a second close does nothing. */
async function startInstance(
  name: string,
  schema: string,
  overrides: Partial<Config> = {},
): Promise<Instance> {
  const ta = await startTestApp(
    'postgres',
    { libraryRoots: [], onlineMetadata: false, ...overrides },
    { database: pgSchemaAt(schema) },
  );
  const inst: Instance = {
    ...ta,
    name,
    closed: false,
    async close() {
      if (inst.closed) return;
      inst.closed = true;
      await ta.close();
    },
  };
  return inst;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds until `check` holds, polling every 5 ms; fails past `limitMs`. */
async function msUntil(
  check: () => boolean | Promise<boolean>,
  limitMs: number,
  what: string,
): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(5);
  }
}

async function call(app: FastifyInstance, opts: InjectOptions, status = 200) {
  const res = await app.inject(opts);
  expect(res.statusCode, `${opts.method ?? 'GET'} ${opts.url}: ${res.body}`).toBe(status);
  return res.json();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(app: FastifyInstance, name: string, password: string): Promise<string> {
  return (await call(app, { method: 'POST', url: '/api/auth/me', payload: { name, password } })).token;
}

function workFiles(code: string, title: string): Record<string, number | string> {
  return {
    [`${code} ${title}/01.wav`]: 1,
    [`${code} ${title}/work.json`]: JSON.stringify({
      title,
      circle: { id: 9, name: '共有サークル' },
      vas: [{ name: '共有声優' }],
      tags: [{ id: 3, name: '共有タグ' }],
    }),
  };
}

/** Figures measured here, printed at the end (the report of docs/scale.md). */
const measured: Record<string, string> = {};
afterAll(() => {
  if (Object.keys(measured).length) console.info('[scale] measured:', JSON.stringify(measured));
});

describe.skipIf(!pgAvailable)('three instances on one PostgreSQL schema', () => {
  const schema = `t_scale_${randomBytes(5).toString('hex')}`;
  const lib = tempDir('sasayaki-shared-lib-');
  let a: Instance;
  let b: Instance;
  let c: Instance;
  let admin: string;

  beforeAll(async () => {
    a = await startInstance('a', schema);
    b = await startInstance('b', schema);
    c = await startInstance('c', schema);
    await createUser(a.db, { name: 'scale_admin', password: 'admin-pass-1', group: 'administrator' });
    admin = await login(a.app, 'scale_admin', 'admin-pass-1');
  }, 120_000);
  afterAll(async () => {
    for (const i of [a, b, c]) await i?.close();
    await dropPgSchema(PG_URL, schema);
    fs.rmSync(lib, { recursive: true, force: true });
  });

  it('listens on PostgreSQL: every instance hears the others', () => {
    for (const i of [a, b, c]) expect(i.app.ctx.signals.live, i.name).toBe(true);
  });

  it('a root added and scanned on A: B and C serve the new work and its file within 2 s', async () => {
    writeTree(lib, workFiles('RJ01000101', '共有の作品'));
    await call(a.app, {
      method: 'POST',
      url: '/api/admin/libraries',
      headers: bearer(admin),
      payload: { path: lib },
    });
    // Before the scan the work is unknown everywhere (and B and C hold that generation).
    for (const i of [b, c]) await call(i.app, { url: '/api/work/1000101' }, 404);
    const before = workCacheOf(b.db).heldGeneration;
    const t0 = performance.now();
    await a.app.scans.run('quick', 'console');
    const scanned = performance.now();
    // B's cache is told of the new generation without any request of its own.
    const heard = await msUntil(
      () => workCacheOf(b.db).heldGeneration > before,
      1000,
      'generation heard on B',
    );
    let served = 0;
    for (const i of [b, c]) {
      served = Math.max(
        served,
        await msUntil(
          async () => (await i.app.inject({ url: '/api/work/1000101' })).statusCode === 200,
          2000,
          `work served on ${i.name}`,
        ),
      );
    }
    const files = await a.db
      .selectFrom('files')
      .select('id')
      .where('work_id', '=', 1000101)
      .where('path', 'like', '%01.wav')
      .execute();
    expect(files).toHaveLength(1);
    for (const i of [b, c]) {
      // The file of a root B and C never configured themselves: they learnt it from A's signal.
      const res = await i.app.inject({ url: `/api/media/stream/${files[0]!.id}` });
      expect(res.statusCode, `${i.name}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    // One catalogue write, timed from its start to B's cache dropping its generation.
    const held = workCacheOf(b.db).heldGeneration;
    const t1 = performance.now();
    await a.db.updateTable('works').set({ title: '共有の作品（改）' }).where('id', '=', 1000101).execute();
    const committed = performance.now();
    const dropped = await msUntil(() => workCacheOf(b.db).heldGeneration > held, 1000, 'write heard on B');
    const retitled = await call(c.app, { url: '/api/work/1000101' });
    expect(retitled.title).toBe('共有の作品（改）');
    measured.scanMs = (scanned - t0).toFixed(0);
    measured.catalogueHeardAfterScanMs = heard.toFixed(1);
    measured.catalogueWriteMs = (committed - t1).toFixed(1);
    measured.catalogueHeardAfterCommitMs = dropped.toFixed(1);
    measured.workServedAfterScanMs = served.toFixed(1);
  }, 60_000);

  it('a setting changed on A applies on B and C within 1 s, with no request to them', async () => {
    await call(b.app, { url: '/api/auth/reg' });
    expect(b.app.ctx.settings.get('registrationEnabled')).toBe(true);
    const t0 = performance.now();
    await call(a.app, {
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { changes: { registrationEnabled: false } },
    });
    const written = performance.now() - t0;
    const lags: number[] = [];
    for (const i of [b, c]) {
      lags.push(
        await msUntil(
          () => i.app.ctx.settings.get('registrationEnabled') === false,
          1000,
          `setting on ${i.name}`,
        ),
      );
    }
    // And through HTTP: B refuses a registration.
    const reg = await b.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'late_comer', password: 'late-comer-pass' },
    });
    expect(reg.statusCode).toBe(403);
    measured.settingsNotifyMs = Math.max(...lags).toFixed(1);
    measured.settingsWriteMs = written.toFixed(1);
    await call(a.app, {
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { changes: { registrationEnabled: null } },
    });
  }, 60_000);

  it('a password change, a group change or a disabled account on one instance ends old tokens on all', async () => {
    const name = `moving_${randomBytes(3).toString('hex')}`;
    const user = await createUser(a.db, { name, password: 'first-pass-1' });
    const me = (i: Instance, token: string) => i.app.inject({ url: '/api/auth/me', headers: bearer(token) });

    // Password, changed through A: a token from B stops working on A, B and C at once.
    const fromB = await login(b.app, name, 'first-pass-1');
    for (const i of [a, b, c]) expect((await me(i, fromB)).statusCode, i.name).toBe(200);
    await call(a.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(await login(a.app, name, 'first-pass-1')),
      payload: { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    });
    for (const i of [a, b, c]) expect((await me(i, fromB)).statusCode, i.name).toBe(401);

    // Group, changed through B: a token from C ends everywhere.
    const fromC = await login(c.app, name, 'second-pass-2');
    await call(b.app, {
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/group`,
      headers: bearer(admin),
      payload: { group: 'administrator' },
    });
    for (const i of [a, b, c]) expect((await me(i, fromC)).statusCode, i.name).toBe(401);

    // Disabled through C: a token from A ends everywhere.
    const fromA = await login(a.app, name, 'second-pass-2');
    for (const i of [a, b, c]) expect((await me(i, fromA)).statusCode, i.name).toBe(200);
    await call(c.app, {
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/disabled`,
      headers: bearer(admin),
      payload: { disabled: true },
    });
    for (const i of [a, b, c]) expect((await me(i, fromA)).statusCode, i.name).toBe(401);
  }, 60_000);

  it('a scan started on A shows as running on B, started again on B runs once, and its end shows on B', async () => {
    writeTree(lib, workFiles('RJ01000102', '二つ目の作品'));
    // Hold the scanner's own lock, so A's scan stays running (claimed, waiting) while B looks.
    const holder = new pg.Client({ connectionString: PG_URL });
    await holder.connect();
    await holder.query(`set search_path = ${schema}`);
    await holder.query("select pg_advisory_lock(hashtext(current_schema() || ':sasayaki-scan'))");
    let released = false;
    try {
      const started = await call(a.app, {
        method: 'POST',
        url: '/api/admin/scans',
        headers: bearer(admin),
        payload: {},
      });
      expect(started.started).toBe(true);
      // B's console: the overview and the live stream both show A's scan.
      const overview = await call(b.app, { url: '/api/admin/scans', headers: bearer(admin) });
      expect(overview.running?.id).toBe(started.scan.id);
      const again = await call(b.app, {
        method: 'POST',
        url: '/api/admin/scans',
        headers: bearer(admin),
        payload: {},
      });
      expect(again).toMatchObject({ started: false, scan: { id: started.scan.id } });

      const port = await listenOn(b.app);
      const events = sseEvents(`http://127.0.0.1:${port}/api/admin/scans/events?token=${admin}`);
      const first = await events.next();
      expect(first).toMatchObject({ event: 'scan', data: { id: started.scan.id, status: 'running' } });

      const t0 = performance.now();
      await holder.query("select pg_advisory_unlock(hashtext(current_schema() || ':sasayaki-scan'))");
      released = true;
      let last = first;
      while (last.event !== 'idle') last = await events.next();
      const seen = events.seen();
      events.close();
      const finished = seen.find((e) => e.event === 'scan' && e.data.status === 'finished');
      expect(finished?.data).toMatchObject({ id: started.scan.id, added: 1 });
      measured.remoteScanEndShownMs = (performance.now() - t0).toFixed(0);
      const runs = await a.db
        .selectFrom('scan_runs')
        .select(['id', 'status'])
        .where('started_by', '=', 'console')
        .execute();
      // The first test's scan and this one: B's request started none.
      expect(runs.map((r) => r.status)).toEqual(['finished', 'finished']);
    } finally {
      if (!released) await holder.query('select pg_advisory_unlock_all()');
      await holder.end();
    }
  }, 60_000);
});

/** Listens on a port of this test's block (9400-9499), on loopback. */
async function listenOn(app: FastifyInstance): Promise<number> {
  for (let port = 9410; port < 9499; port++) {
    try {
      await app.listen({ host: '127.0.0.1', port });
      return port;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no free port in 9410-9498');
}

interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: the events' JSON, checked by the assertions.
  data: any;
}

/** A Server-Sent Events reader over node:http: `next()` answers the next event. */
function sseEvents(url: string) {
  const queue: SseEvent[] = [];
  const all: SseEvent[] = [];
  let wake: (() => void) | null = null;
  let buffer = '';
  const req = http.get(url, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) {
          const e = { event, data: JSON.parse(data) };
          queue.push(e);
          all.push(e);
          wake?.();
        }
        end = buffer.indexOf('\n\n');
      }
    });
  });
  req.on('error', () => {});
  return {
    async next(timeoutMs = 10_000): Promise<SseEvent> {
      const t0 = Date.now();
      while (!queue.length) {
        if (Date.now() - t0 > timeoutMs) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 50);
        });
      }
      return queue.shift()!;
    },
    seen: () => all,
    close: () => req.destroy(),
  };
}

describe.skipIf(!pgAvailable)('the scan leader', () => {
  const schema = `t_leader_${randomBytes(5).toString('hex')}`;
  const instances: Instance[] = [];
  let child: ChildProcess | null = null;
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const i of instances) await i.close();
    await dropPgSchema(PG_URL, schema);
  });

  it('is one instance at a time; when it is killed (-9) another takes over within a check', async () => {
    const opts = { watchLibrary: true, rescanIntervalMinutes: 10, leaderCheckMs: 200 };
    // The first leader: `sasayaki serve` in a process of its own, on the same schema.
    const migrated = await startInstance('setup', schema);
    await migrated.close();
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    const data = tempDir('sasayaki-leader-');
    const leaderChild = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: url.toString(),
        SASAYAKI_DATA: data,
        SASAYAKI_PORT: '9431',
        SASAYAKI_HOST: '127.0.0.1',
        SASAYAKI_LEADER_CHECK_MS: '200',
        SASAYAKI_LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = leaderChild;
    let out = '';
    leaderChild.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    leaderChild.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await msUntil(
      () => out.includes('this instance runs the background rescans'),
      90_000,
      `child leader: ${out}`,
    );
    instances.push(await startInstance('a', schema, opts));
    instances.push(await startInstance('b', schema, opts));
    await sleep(600);
    const leaders = () => instances.filter((i) => !i.closed && i.app.leader.isLeader);
    expect(leaders()).toHaveLength(0);

    leaderChild.kill('SIGKILL');
    const took = await msUntil(() => leaders().length === 1, 5000, 'a new leader');
    await sleep(600);
    expect(leaders()).toHaveLength(1);
    measured.leaderTakeoverAfterKillMs = took.toFixed(0);

    // A leader that stops gracefully hands over too.
    const second = leaders()[0]!;
    await second.close();
    await msUntil(() => leaders().length === 1, 5000, 'a third leader');
    expect(leaders()[0]).not.toBe(second);
    fs.rmSync(data, { recursive: true, force: true });
  }, 180_000);
});

describe.skipIf(!pgAvailable)('a scan whose instance died', () => {
  const schema = `t_deadscan_${randomBytes(5).toString('hex')}`;
  const lib = tempDir('sasayaki-deadscan-lib-');
  let a: Instance;
  afterAll(async () => {
    await a?.close();
    await dropPgSchema(PG_URL, schema);
    fs.rmSync(lib, { recursive: true, force: true });
  });

  it('does not hold up the next one: a rescan runs at once and the dead scan is marked failed', async () => {
    writeTree(lib, workFiles('RJ01000301', '残された作品'));
    a = await startInstance('a', schema, { libraryRoots: [lib] });
    await createUser(a.db, { name: 'dead_admin', password: 'admin-pass-1', group: 'administrator' });
    const token = await login(a.app, 'dead_admin', 'admin-pass-1');
    // What a server killed mid-scan leaves: a `running` row written a moment ago, and no one
    // holding the scan lock (the database freed it when the connection died).
    const now = Date.now();
    const dead = await insertScanRun(a.db, {
      kind: 'full',
      started_by: 'console',
      status: 'running',
      started_at: now - 2000,
      updated_at: now,
      phase: 'works',
    });
    const t0 = performance.now();
    const scan = await call(a.app, {
      method: 'POST',
      url: '/api/admin/rescan',
      headers: bearer(token),
      payload: { wait: true },
    });
    const took = performance.now() - t0;
    expect(scan.summary.worksAdded).toBe(1);
    // Joining the dead scan would wait out its staleness (30 s) and answer its failure.
    expect(took).toBeLessThan(15_000);
    measured.rescanAfterDeadScanMs = took.toFixed(0);
    expect((await findScanRun(a.db, dead))?.status).toBe('failed');
    expect((await call(a.app, { url: '/api/work/1000301' })).title).toBe('残された作品');
  }, 60_000);
});

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

describe.skipIf(!pgAvailable || !ffmpegAvailableFor('the shared transcode test'))('shared transcodes', () => {
  const schema = `t_shared_${randomBytes(5).toString('hex')}`;
  const lib = tempDir('sasayaki-shared-lq-');
  const shared = tempDir('sasayaki-shared-cache-');
  const counter = path.join(shared, 'ffmpeg-runs.log');
  const instances: Instance[] = [];
  afterAll(async () => {
    for (const i of instances) await i.close();
    await dropPgSchema(PG_URL, schema);
    fs.rmSync(lib, { recursive: true, force: true });
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('two instances sharing the cache folder, asked for the same transcode at once, run ffmpeg once', async () => {
    // ffmpeg behind a script that counts its transcodes and takes its time, so the two overlap.
    const bin = path.join(shared, 'ffmpeg-counting.sh');
    fs.writeFileSync(
      bin,
      `#!/bin/sh\ncase "$*" in *-version*) exec ffmpeg "$@";; esac\necho run >> '${counter}'\nsleep 0.4\nexec ffmpeg "$@"\n`,
      { mode: 0o755 },
    );
    writeTree(lib, workFiles('RJ01000201', '変換の作品'));
    const opts = { libraryRoots: [lib], cacheDir: path.join(shared, 'cache'), ffmpegPath: bin };
    instances.push(await startInstance('a', schema, opts));
    instances.push(await startInstance('b', schema, opts));
    const [a, b] = instances as [Instance, Instance];
    await a.app.scans.run('quick', 'console');
    const file = await a.db
      .selectFrom('files')
      .select('id')
      .where('path', 'like', '%01.wav')
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    const answers = await Promise.all(
      [a, b, a, b].map((i) => i.app.inject({ url: `/api/media/stream-lq/${file.id}` })),
    );
    const both = performance.now() - t0;
    for (const r of answers) expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(new Set(answers.map((r) => r.rawPayload.length)).size).toBe(1);
    expect(answers[0]!.rawPayload.length).toBeGreaterThan(1000);
    expect(fs.readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
    measured.sharedTranscodeBothMs = both.toFixed(0);
  }, 120_000);
});
