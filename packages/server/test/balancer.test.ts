/**
 * Three `sasayaki serve` processes on one PostgreSQL database behind Debian's nginx (the
 * recipe of docs/deploy.md, "Several instances"), under a steady load of keep-alive clients
 * that mixes GETs with POSTs (which nginx never retries once sent):
 * - a rolling restart (SIGTERM each instance, start it again, wait until healthy) fails no
 *   request: each instance drains (http/shutdown.ts) and exits 0;
 * - a kill -9 of one instance fails at most the requests in flight at that moment.
 * Skipped with a notice where nginx or PostgreSQL is missing. `BALANCER_LONG=1` runs longer at a
 * higher rate; `BENCH_ONLY=balancer npm run bench` measures.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/connect.ts';
import {
  balancerHttpBlock,
  createDatabase,
  FAIL_TIMEOUT_SECONDS,
  type Instance,
  instance,
  type LoadRequest,
  steadyLoad,
} from './helpers/balancer.ts';
import { PG_URL, pgAvailable } from './helpers/db.ts';
import { freePort, nginxBinary, type RunningNginx, startNginx } from './helpers/nginx.ts';
import { seedWorks } from './helpers/seed.ts';
import { tempDir } from './scanner/helpers.ts';

const bin = nginxBinary();
if (!bin) console.warn('[notice] nginx not found: the balancer tests are skipped');

const LONG = process.env.BALANCER_LONG === '1';
const RATE = LONG ? 400 : 150;
const CLIENTS = LONG ? 32 : 12;
const WORKS = Array.from({ length: 40 }, (_, i) => ({
  id: 1_400_001 + i,
  title: `負荷の作品 ${i + 1}`,
  circle: { id: 7000, name: '均衡サークル' },
  vas: ['水瀬しずく'],
}));
const REQUESTS: LoadRequest[] = [
  { method: 'GET', path: '/api/works?page=1&pageSize=12' },
  { method: 'GET', path: `/api/work/${WORKS[3]!.id}` },
  { method: 'POST', path: '/api/works?page=2&pageSize=12', body: '{}' },
  { method: 'GET', path: '/api/search/%E8%B2%A0%E8%8D%B7' },
  { method: 'GET', path: `/api/work/${WORKS[17]!.id}` },
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!bin || !pgAvailable)('three instances on one PostgreSQL behind nginx', () => {
  let drop: () => Promise<void>;
  let instances: Instance[] = [];
  let nginx: RunningNginx;
  let port: number;

  beforeAll(async () => {
    const database = await createDatabase(PG_URL);
    drop = database.drop;
    // Migrated and seeded once, before any instance starts.
    const db = await openDb({ databaseUrl: database.url, poolSize: 2 });
    await seedWorks(db, WORKS);
    await db.close();
    const ports = [await freePort(), await freePort(), await freePort()];
    instances = ports.map((p) => instance({ port: p, databaseUrl: database.url }));
    // One after the other: three module loads at once can starve a small machine past Fastify's
    // plugin timeout.
    for (const i of instances) await i.start();
    port = await freePort();
    nginx = await startNginx({
      bin: bin!,
      dir: path.join(tempDir(), 'nginx'),
      port,
      http: balancerHttpBlock({ listen: `127.0.0.1:${port}`, upstreams: ports.map((p) => `127.0.0.1:${p}`) }),
    });
  }, 400_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.kill()));
    await drop?.();
  });

  it('a rolling restart under load fails no request, and every instance exits 0', async () => {
    const load = steadyLoad({ port, rate: RATE, clients: CLIENTS, requests: REQUESTS });
    await sleep(LONG ? 5000 : 1000);
    const exits: (number | null)[] = [];
    const restarts: number[] = [];
    for (const inst of instances) {
      const t0 = Date.now();
      exits.push(await inst.stop());
      await inst.start();
      restarts.push(Date.now() - t0);
      // Back in nginx's rotation only after fail_timeout (docs/deploy.md, "rolling restart").
      await sleep(FAIL_TIMEOUT_SECONDS * 1000 + 500);
    }
    const { requests, failures, seconds } = await load.stop();
    console.log(
      `[balancer] rolling restart: ${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s), ${failures.length} failed; restarts took ${restarts.join(', ')} ms`,
    );
    expect(exits).toEqual([0, 0, 0]);
    expect(failures).toEqual([]);
    // The load really ran through the restarts (not a handful of requests before the first);
    // a count, not a rate, so a slow machine does not fail it.
    expect(requests).toBeGreaterThan(200);
  }, 600_000);

  it('a kill -9 of one instance under load fails at most the requests it had in flight', async () => {
    const load = steadyLoad({ port, rate: RATE, clients: CLIENTS, requests: REQUESTS });
    const loadStarted = Date.now();
    await sleep(LONG ? 5000 : 1500);
    const victim = instances[1]!;
    // Every request the load had in flight at the kill or sent during it: an upper bound of the
    // victim's own.
    const killedAt = Date.now() - loadStarted;
    const inFlight = await load.exposedTo(() => victim.kill());
    await sleep(LONG ? 5000 : 2000);
    const { requests, failures, seconds } = await load.stop();
    console.log(
      `[balancer] kill -9: ${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s), ${failures.length} failed (${inFlight} in flight at the kill): ${JSON.stringify(failures)}`,
    );
    expect(failures.length).toBeLessThanOrEqual(inFlight);
    // Those that failed failed at the kill, not later: nginx took the instance out.
    for (const f of failures) {
      expect(f.reason).toMatch(/^50[234]$/);
      expect(f.at - killedAt).toBeLessThan(3000);
    }
    expect(requests).toBeGreaterThan(50);
  }, 600_000);
});
