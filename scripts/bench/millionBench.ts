/**
 * `npm run bench -- million` (or BENCH_ONLY=million): the catalogue API on 1,000,000 works in
 * PostgreSQL (million.ts writes them, once, into `sasayaki_million`), measured on one server
 * instance directly and on two instances behind Debian's nginx (round robin, keep-alive), at
 * concurrency 1 (p50/p99) and 32 (requests/second). Before the requests, the plan of every list
 * and search query (packages/server/test/helpers/listPlans.ts) is printed with the works scans it uses.
 *
 * BENCH_MILLION_WORKS: another size (the database is rebuilt when it holds fewer works);
 * BENCH_MILLION_DROP=1: drop the database at the end.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../../packages/server/src/db/connect.ts';
import { explainListQueries } from '../../packages/server/test/helpers/listPlans.ts';
import { nginxBinary, type RunningNginx, startNginx } from '../../packages/server/test/helpers/nginx.ts';
import { vaId } from '../../packages/server/test/helpers/seed.ts';
import { benchEndpoints, type EndpointRow, latencyTarget, log, printEndpointTable } from './endpoints.ts';
import { buildMillion, MILLION_ADMIN_URL, MILLION_DB, MILLION_FACTS, MILLION_WORKS } from './million.ts';
import { benchPort } from './ports.ts';
import { startServer } from './serverProcess.ts';

const DIR = path.join(process.env.BENCH_DIR || '/tmp/sasayaki-bench', 'million');
const PORTS = { a: benchPort(40), b: benchPort(41), nginx: benchPort(42) };

async function existingWorks(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const r = await c.query<{ n: string }>('select count(*) as n from works');
    return Number(r.rows[0]!.n);
  } catch {
    return 0;
  } finally {
    await c.end().catch(() => {});
  }
}

function millionUrl(): string {
  const u = new URL(MILLION_ADMIN_URL);
  u.pathname = `/${MILLION_DB}`;
  return u.toString();
}

function endpoints(): [string, string][] {
  const enc = encodeURIComponent;
  const f = MILLION_FACTS;
  return [
    ['list page 1 (default order)', '/api/works?page=1'],
    ['list page 2 by release', '/api/works?page=2&order=release&sort=desc'],
    ['deep page 1000 (release)', '/api/works?page=1000&order=release&sort=desc'],
    ['tag works (/api/tags/3/works)', '/api/tags/3/works?page=1'],
    ['search tag', `/api/search/${enc(`$tag:${f.tag}$`)}`],
    ['search tag + voice actor + rating', `/api/search/${enc(`$tag:${f.tag}$ $va:${f.va}$ $rate:4$`)}`],
    ['search tag + VA exclusion + rating', `/api/search/${enc(`$tag:${f.tag}$ $-va:${f.va}$ $rate:4.2$`)}`],
    [`search Latin word "${f.latinWord}"`, `/api/search/${enc(f.latinWord)}`],
    [`search 2-character CJK "${f.cjkWord}"`, `/api/search/${enc(f.cjkWord)}`],
    ['voice actor works', `/api/vas/${vaId(f.va)}/works?page=1`],
    ['circle works (the biggest circle)', '/api/circles/1/works?page=1'],
    ['work detail', `/api/work/RJ0${f.workWithFiles + 4321}`],
    ['tracks', `/api/tracks/${f.workWithFiles + 4321}?v=1`],
  ];
}

/** The endpoints whose latency has a target (docs/catalogue.md). */
const TARGETED = new Set([
  'list page 1 (default order)',
  'tag works (/api/tags/3/works)',
  'voice actor works',
  'circle works (the biggest circle)',
  'search tag',
  'work detail',
]);

/** Each endpoint with one client and with 32, through one way in. */
const benchVia = (via: string, port: number, servers: ChildProcess[], instancePorts: readonly number[]) =>
  benchEndpoints({ via, port, endpoints: endpoints(), servers, seconds: 5, connections: 32, instancePorts });

export async function benchMillion(): Promise<void> {
  const works = Number(process.env.BENCH_MILLION_WORKS || MILLION_WORKS);
  let url = millionUrl();
  if ((await existingWorks(url)) < works) {
    const built = await buildMillion(works, log);
    url = built.url;
  } else {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const size = await c.query<{ s: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as s',
    );
    await c.end();
    log(`${MILLION_DB}: ${works} works already there, ${size.rows[0]!.s}`);
  }

  log('\nplans of the list and search queries:');
  const db = await openDb({ databaseUrl: url, poolSize: 2 });
  try {
    for (const p of await explainListQueries(db)) {
      log(
        `  ${p.seqScanOfWorks ? 'SEQ SCAN' : 'indexed '}  ${p.ms.toFixed(1).padStart(7)} ms  ${p.name}: ${p.scans.join(', ')}`,
      );
    }
  } finally {
    await db.destroy();
  }

  const servers: ChildProcess[] = [];
  let nginx: RunningNginx | null = null;
  const rows: EndpointRow[] = [];
  try {
    servers.push(await startServer(url, PORTS.a, DIR));
    log(`\none instance on port ${PORTS.a}:`);
    rows.push(...(await benchVia('direct', PORTS.a, servers, [PORTS.a])));
    const bin = nginxBinary();
    if (bin) {
      servers.push(await startServer(url, PORTS.b, DIR));
      nginx = await startNginx({
        bin,
        dir: path.join(DIR, 'nginx'),
        port: PORTS.nginx,
        http: `
  upstream sasayaki {
    server 127.0.0.1:${PORTS.a};
    server 127.0.0.1:${PORTS.b};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${PORTS.nginx};
    location / {
      proxy_pass http://sasayaki;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`,
      });
      log(`\ntwo instances behind nginx on port ${PORTS.nginx}:`);
      rows.push(...(await benchVia('nginx x2', PORTS.nginx, servers, [PORTS.a, PORTS.b])));
    } else {
      log('[notice] nginx not found: the balancer rows are skipped');
    }
  } finally {
    await nginx?.stop();
    for (const s of servers) s.kill('SIGTERM');
  }
  printEndpointTable(rows, { via: 'via', rps: 'req/s c=32' }, (r) =>
    TARGETED.has(r.name) ? latencyTarget(r) : '-',
  );
  if (process.env.BENCH_MILLION_DROP) {
    const c = new pg.Client({ connectionString: MILLION_ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${MILLION_DB} with (force)`);
    await c.end();
    log(`dropped ${MILLION_DB}`);
  }
}
