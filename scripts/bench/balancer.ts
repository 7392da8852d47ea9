/**
 * `BENCH_ONLY=balancer npm run bench`: three `sasayaki serve` processes on one PostgreSQL
 * database behind Debian's nginx (docs/deploy.md, "Several instances behind a balancer").
 * Measures the throughput through the balancer (autocannon, 32 connections), then, under a steady
 * load of `BENCH_LB_RATE` requests/s (default 300) mixing GETs and POSTs, a rolling restart and a
 * kill -9 of one instance, counting failed requests (a 5xx or a socket error).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDb } from '../../packages/server/src/db/connect.ts';
import {
  balancerHttpBlock,
  createDatabase,
  FAIL_TIMEOUT_SECONDS,
  instance,
  type LoadRequest,
  steadyLoad,
} from '../../packages/server/test/helpers/balancer.ts';
import { PG_URL } from '../../packages/server/test/helpers/db.ts';
import { nginxBinary, startNginx } from '../../packages/server/test/helpers/nginx.ts';
import { seedWorks } from '../../packages/server/test/helpers/seed.ts';
import { benchPort } from './ports.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WORKS = Array.from({ length: 500 }, (_, i) => ({
  id: 1_500_001 + i,
  title: `負荷の作品 ${i + 1}`,
  circle: { id: 8000 + (i % 20), name: `サークル ${i % 20}` },
  vas: [`声優 ${i % 30}`],
}));
const REQUESTS: LoadRequest[] = [
  { method: 'GET', path: '/api/works?page=1&pageSize=12' },
  { method: 'GET', path: `/api/work/${WORKS[3]!.id}` },
  { method: 'POST', path: '/api/works?page=2&pageSize=12', body: '{}' },
  { method: 'GET', path: '/api/search/%E8%B2%A0%E8%8D%B7' },
  { method: 'GET', path: `/api/work/${WORKS[170]!.id}` },
];

export async function benchBalancer(): Promise<void> {
  const bin = nginxBinary();
  if (!bin) {
    console.log('balancer: nginx not found, skipped');
    return;
  }
  const rate = Number(process.env.BENCH_LB_RATE || 300);
  const database = await createDatabase(PG_URL);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-bench-lb-'));
  const ports = [benchPort(40), benchPort(41), benchPort(42)];
  const front = benchPort(43);
  const instances = ports.map((p) => instance({ port: p, databaseUrl: database.url }));
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    const db = await openDb({ databaseUrl: database.url, poolSize: 2 });
    await seedWorks(db, WORKS);
    await db.close();
    await Promise.all(instances.map((i) => i.start()));
    nginx = await startNginx({
      bin,
      dir: path.join(dir, 'nginx'),
      port: front,
      http: balancerHttpBlock({
        listen: `127.0.0.1:${front}`,
        upstreams: ports.map((p) => `127.0.0.1:${p}`),
      }),
    });
    const cannon = await autocannon({
      url: `http://127.0.0.1:${front}/api/works?page=1&pageSize=12`,
      connections: 32,
      duration: 10,
    });
    console.log(
      `balancer: GET /api/works through nginx, 3 instances, 32 connections: ${cannon.requests.average.toFixed(0)} req/s, p50 ${cannon.latency.p50} ms, p99 ${cannon.latency.p99} ms, ${cannon.non2xx} non-2xx, ${cannon.errors} errors`,
    );

    const load = steadyLoad({ port: front, rate, clients: 32, requests: REQUESTS });
    await sleep(5000);
    const restarts: number[] = [];
    const exits: (number | null)[] = [];
    for (const inst of instances) {
      const t0 = Date.now();
      exits.push(await inst.stop());
      await inst.start();
      restarts.push(Date.now() - t0);
      await sleep(FAIL_TIMEOUT_SECONDS * 1000 + 500);
    }
    const rolled = await load.stop();
    console.log(
      `balancer: rolling restart at ${rate}/s: ${rolled.requests} requests in ${rolled.seconds.toFixed(1)} s (${(rolled.requests / rolled.seconds).toFixed(0)}/s), ${rolled.failures.length} failed; exit codes ${exits.join(', ')}; stop + start + healthy ${restarts.join(', ')} ms`,
    );

    const again = steadyLoad({ port: front, rate, clients: 32, requests: REQUESTS });
    await sleep(5000);
    const inFlight = await again.exposedTo(() => instances[1]!.kill());
    await sleep(10_000);
    const killed = await again.stop();
    console.log(
      `balancer: kill -9 at ${rate}/s: ${killed.requests} requests in ${killed.seconds.toFixed(1)} s, ${killed.failures.length} failed (${inFlight} in flight across all instances at the kill or sent during it)${killed.failures.length ? `: ${killed.failures.map((f) => `${f.request} ${f.reason}`).join('; ')}` : ''}`,
    );
  } finally {
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.kill()));
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
