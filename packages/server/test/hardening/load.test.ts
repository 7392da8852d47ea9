/**
 * Bounded load against the real `sasayaki serve` in its own process, on a scanned library —
 * lists, search, work detail, tracks, covers, ranged streams and sign-ins, some signed in, some
 * as the rate-limited guest. The long mode (`npm run test:hardening`; run it under
 * `flock /tmp/heavy.lock`) is 200 concurrent clients for 60 s; `npm test` runs a short one
 * (10 clients, each kind of request once per client) that keeps the run and its report working. Every answer must be 2xx or 3xx,
 * except the guest's expected 429s; no connection error and no client timeout (given 30 s,
 * generous on a loaded machine). The report (loadReport.ts) counts answers, latency, timeouts
 * and errors per kind of request, so a failure names the slow path. The server runs apart from
 * the load generator, so neither starves the other's event loop, and its log is shown when
 * anything failed.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/connect.ts';
import { createUser } from '../../src/services/users.ts';
import { tempDir, writeTree } from '../scanner/helpers.ts';
import { LoadReport, type NamedRequest } from './loadReport.ts';
import { type SpawnedServer, spawnServer } from './spawnedServer.ts';

const LONG = !!process.env.HARDENING_LONG;
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS) || (LONG ? 200 : 10);
/** Seconds of load; the short mode instead sends each kind of request once per client. */
const DURATION = Number(process.env.LOAD_SECONDS) || (LONG ? 60 : 0);
/** Seconds a client waits for an answer before it gives up and reconnects. */
const TIMEOUT = Number(process.env.LOAD_TIMEOUT) || 30;
const WORKS = LONG || DURATION ? 40 : 12;
/** Accounts the sign-in requests take turns on, each from its own forwarded address. */
const LOGIN_USERS = 10;

describe('bounded load', () => {
  const root = tempDir('sasayaki-load-lib-');
  const data = tempDir('sasayaki-load-data-');
  let server: SpawnedServer;
  beforeAll(async () => {
    const cover = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
    for (let i = 1; i <= WORKS; i++) {
      writeTree(root, {
        [`RJ0${1_000_000 + i} 耳かき ${i}/01 本編.wav`]: 3,
        [`RJ0${1_000_000 + i} 耳かき ${i}/01 本編.lrc`]: '[00:00.00]本編\n',
        [`RJ0${1_000_000 + i} 耳かき ${i}/cover.jpg`]: cover,
      });
    }
    const d = await openDb({ sqlitePath: `${data}/sasayaki.db` });
    await createUser(d, { name: 'loaduser', password: 'load-password' });
    for (let i = 0; i < LOGIN_USERS; i++)
      await createUser(d, { name: `signin${i}`, password: 'load-password' });
    await d.close();
    server = await spawnServer({
      SASAYAKI_LIBRARY: root,
      SASAYAKI_DATA: data,
      SASAYAKI_RESCAN_MINUTES: '0',
      // Sign-ins come from many forwarded addresses, as through a front proxy: from one address,
      // more than the per-address limit in flight at once would be refused, as it should be.
      SASAYAKI_TRUST_PROXY: '127.0.0.1',
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const run = DURATION ? `for ${DURATION} s` : 'once per kind of request';
  it(`serves ${CONNECTIONS} clients ${run} with no error, timeout or unexpected status`, async () => {
    const login = async (name: string, password: string) => {
      const r = await fetch(`${server.url}/api/auth/me`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, password }),
      });
      return `Bearer ${((await r.json()) as { token: string }).token}`;
    };
    const user = { authorization: await login('loaduser', 'load-password') };
    const guest = { authorization: await login('guest', 'guest') };
    // Wait for the start-up scan: every work, its files and its cover are there.
    for (;;) {
      const r = (await (await fetch(`${server.url}/api/works?pageSize=100`)).json()) as {
        pagination: { totalCount: number };
      };
      if (r.pagination.totalCount === WORKS) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    const tracks = (await (await fetch(`${server.url}/api/tracks/1000001`)).json()) as {
      type: string;
      mediaStreamUrl: string;
    }[];
    const audio = tracks.find((t) => t.type === 'audio');
    const streamUrl = new URL(audio?.mediaStreamUrl ?? '');
    const json = { 'content-type': 'application/json' };
    let signIns = 0;
    const requests: NamedRequest[] = [
      { name: 'list', method: 'GET', path: '/api/works?page=2&pageSize=12' },
      { name: 'list (user)', method: 'GET', path: '/api/works?order=release&sort=desc', headers: user },
      { name: 'search', method: 'GET', path: `/api/search/${encodeURIComponent('耳かき')}` },
      {
        name: 'search (POST, user)',
        method: 'POST',
        path: '/api/search/',
        headers: { ...json, ...user },
        body: JSON.stringify({ keyword: '本編 1' }),
      },
      { name: 'work', method: 'GET', path: '/api/work/1000007' },
      { name: 'work (user)', method: 'GET', path: '/api/work/1000011', headers: user },
      { name: 'tracks', method: 'GET', path: '/api/tracks/1000003' },
      { name: 'cover', method: 'GET', path: '/api/cover/1000005.jpg?type=main' },
      { name: 'thumbnail', method: 'GET', path: '/api/cover/1000006.jpg?type=240x240' },
      { name: 'stream', method: 'GET', path: streamUrl.pathname, headers: { range: 'bytes=0-4095' } },
      {
        name: 'stream (user)',
        method: 'GET',
        path: streamUrl.pathname,
        headers: { ...user, range: 'bytes=1000-' },
      },
      { name: 'reviews', method: 'GET', path: '/api/review?page=1', headers: user },
      { name: 'playlists', method: 'GET', path: '/api/playlist/get-playlists', headers: user },
      {
        name: 'login',
        method: 'POST',
        path: '/api/auth/me',
        headers: json,
        setupRequest: (req) => {
          const n = signIns++;
          return {
            ...req,
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ name: `signin${n % LOGIN_USERS}`, password: 'load-password' }),
          };
        },
      },
      // The guest account's traffic is limited: its 429s are expected and counted apart.
      { name: 'guest list', method: 'GET', path: '/api/works', headers: guest },
    ];
    const report = new LoadReport(requests);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      ...(DURATION ? { duration: DURATION } : { amount: CONNECTIONS * requests.length }),
      timeout: TIMEOUT,
      requests,
      setupClient: report.track,
    });
    const byStatus = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]),
    );
    const rows = report.summary();
    // Per row: anything but 2xx and 3xx (and the guest's 429s), a timeout or an error.
    const problems = Object.entries(rows).flatMap(([name, r]) => [
      ...Object.entries(r.statuses)
        .filter(([code]) => !/^[23]/.test(code) && !(code === '429' && name === 'guest list'))
        .map(([code, n]) => `${name}: ${n} × ${code}`),
      ...(r.timeouts ? [`${name}: ${r.timeouts} timeouts`] : []),
      ...(r.errors ? [`${name}: ${r.errors} errors`] : []),
      ...(r.answered ? [] : [`${name}: no answer`]),
    ]);
    const serverErrors = server
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)|error/i.test(l));
    console.log(
      `load: ${CONNECTIONS} clients ${run}, ${result.requests.total} requests, ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
        `${result.errors} errors (${result.timeouts} timeouts), statuses ${JSON.stringify(byStatus)}, ${report.unansweredConnections()} connections never answered, load average ${os.loadavg()[0]?.toFixed(1)}\n${report.table()}`,
    );
    if (serverErrors.length) console.log(`server log errors:\n${serverErrors.slice(0, 20).join('\n')}`);
    expect(serverErrors).toEqual([]);
    expect(problems, report.table()).toEqual([]);
    expect(report.unansweredConnections()).toBe(0);
    // autocannon's own totals must agree: nothing it saw went uncounted above.
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.requests.total).toBeGreaterThanOrEqual(DURATION ? 1000 : CONNECTIONS * requests.length);
  }, 300_000);
});
