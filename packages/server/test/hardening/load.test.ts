/**
 * Bounded load (`npm run test:hardening` only; run it under `flock /tmp/heavy.lock`): 200
 * concurrent clients for 60 s against the real `sasayaki serve` in its own process, on a scanned
 * library — lists, search, work detail, tracks, covers and ranged streams, some signed in, some
 * as the rate-limited guest. Every answer must be 2xx or 3xx, except the guest's expected 429s,
 * which are counted apart; no connection error and no client timeout (given 30 s, generous on a
 * loaded machine). The server runs apart from the load generator, so neither starves the other's
 * event loop, and its log is shown when anything failed.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/connect.ts';
import { createUser } from '../../src/services/users.ts';
import { tempDir, writeTree } from '../scanner/helpers.ts';
import { type SpawnedServer, spawnServer } from './spawnedServer.ts';

const LONG = !!process.env.HARDENING_LONG;
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS) || 200;
const DURATION = Number(process.env.LOAD_SECONDS) || 60;

describe.runIf(LONG || process.env.LOAD_SECONDS)('bounded load', () => {
  const root = tempDir('sasayaki-load-lib-');
  const data = tempDir('sasayaki-load-data-');
  let server: SpawnedServer;
  beforeAll(async () => {
    const cover = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a5' } })
      .jpeg()
      .toBuffer();
    for (let i = 1; i <= 40; i++) {
      writeTree(root, {
        [`RJ0${1_000_000 + i} 耳かき ${i}/01 本編.wav`]: 3,
        [`RJ0${1_000_000 + i} 耳かき ${i}/01 本編.lrc`]: '[00:00.00]本編\n',
        [`RJ0${1_000_000 + i} 耳かき ${i}/cover.jpg`]: cover,
      });
    }
    const d = await openDb({ sqlitePath: `${data}/sasayaki.db` });
    await createUser(d, { name: 'loaduser', password: 'load-password' });
    await d.close();
    server = await spawnServer({
      SASAYAKI_LIBRARY: root,
      SASAYAKI_DATA: data,
      SASAYAKI_RESCAN_MINUTES: '0',
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it(`serves ${CONNECTIONS} clients for ${DURATION} s with no error, timeout or unexpected status`, async () => {
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
      if (r.pagination.totalCount === 40) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    const tracks = (await (await fetch(`${server.url}/api/tracks/1000001`)).json()) as {
      type: string;
      mediaStreamUrl: string;
    }[];
    const audio = tracks.find((t) => t.type === 'audio');
    const streamUrl = new URL(audio?.mediaStreamUrl ?? '');
    const json = { 'content-type': 'application/json' };
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/works?page=2&pageSize=12' },
      { method: 'GET', path: '/api/works?order=release&sort=desc', headers: user },
      { method: 'GET', path: `/api/search/${encodeURIComponent('耳かき')}` },
      {
        method: 'POST',
        path: '/api/search/',
        headers: { ...json, ...user },
        body: JSON.stringify({ keyword: '本編 1' }),
      },
      { method: 'GET', path: '/api/work/1000007' },
      { method: 'GET', path: '/api/work/1000011', headers: user },
      { method: 'GET', path: '/api/tracks/1000003' },
      { method: 'GET', path: '/api/cover/1000005.jpg?type=main' },
      { method: 'GET', path: '/api/cover/1000006.jpg?type=240x240' },
      { method: 'GET', path: streamUrl.pathname, headers: { range: 'bytes=0-4095' } },
      { method: 'GET', path: streamUrl.pathname, headers: { ...user, range: 'bytes=1000-' } },
      { method: 'GET', path: '/api/review?page=1', headers: user },
      { method: 'GET', path: '/api/playlist/get-playlists', headers: user },
      // The guest account's traffic is limited: its 429s are expected and counted apart.
      { method: 'GET', path: '/api/works', headers: guest },
    ];
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      requests,
    });
    const byStatus = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]),
    );
    const limited = byStatus['429'] ?? 0;
    const unexpected = Object.entries(byStatus).filter(([code]) => !/^[23]/.test(code) && code !== '429');
    const serverErrors = server
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)|error/i.test(l));
    console.log(
      `load: ${result.requests.total} requests, ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
        `${result.errors} errors (${result.timeouts} timeouts), statuses ${JSON.stringify(byStatus)}, ${limited} × 429 (guest limit), load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    if (serverErrors.length) console.log(`server log errors:\n${serverErrors.slice(0, 20).join('\n')}`);
    expect(serverErrors).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(unexpected).toEqual([]);
    expect(result.requests.total).toBeGreaterThan(1000);
  }, 300_000);
});
