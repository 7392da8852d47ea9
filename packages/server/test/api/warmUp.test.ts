/**
 * The start-up warm-up (src/warmUp.ts) leaves the default works page and its first work's
 * detail cached, so the first listener after a restart is served from the cache; it runs them
 * through the server's own socket too, on connections of their own, without a line in the
 * request log or a count in the metrics; and it never throws, whatever the database does.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCacheOf } from '../../src/services/catalogue/workCache.ts';
import { warmUp } from '../../src/warmUp.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('start-up warm-up on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(
      ta.db,
      Array.from({ length: 5 }, (_, i) => ({ id: 1_500_001 + i, title: `温める作品 warm ${i}` })),
    );
  });
  afterAll(() => ta.close());

  it('fills the catalogue cache with the default works page', async () => {
    const cache = workCacheOf(ta.db);
    await cache.sync();
    expect(cache.bytesHeld().pages).toBe(0);
    await warmUp(ta.app);
    const held = cache.bytesHeld();
    expect(held.pages).toBeGreaterThan(0);
    expect(held.heads).toBeGreaterThan(0);
  });

  it('asks again through the socket, on new connections, leaving no log line or metric behind', async () => {
    const lines: { msg: string; req?: { url?: string } }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const listening = await startTestApp(dialect, { logLevel: 'info' }, { logger: { stream } });
    try {
      await seedWorks(listening.db, [{ id: 1_500_101, title: 'socket warm' }]);
      await listening.app.listen({ host: '127.0.0.1', port: 0 });
      let connections = 0;
      let requests = 0;
      listening.app.server.on('connection', () => connections++);
      listening.app.server.on('request', () => requests++);
      await warmUp(listening.app);
      // 40 rounds of the page and the detail, on a new connection each, kept alive between the two.
      expect(requests).toBeGreaterThanOrEqual(80);
      expect(connections).toBeGreaterThanOrEqual(40);
      expect(connections).toBeLessThanOrEqual(requests / 2);
      expect(lines.filter((l) => l.msg === 'incoming request').map((l) => JSON.stringify(l))).toEqual([]);
      const port = (listening.app.server.address() as AddressInfo).port;
      // A listener's request is logged and counted as ever; a made-up warm-up header changes nothing.
      await fetch(`http://127.0.0.1:${port}/api/works?page=1`, {
        headers: { 'x-sasayaki-warm-up': 'guess' },
      });
      expect(lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
        '/api/works?page=1',
      ]);
      const metrics = await listening.app.inject({ url: '/metrics' });
      const works = metrics.body
        .split('\n')
        .find((l) => l.startsWith('sasayaki_http_requests_total{') && l.includes('route="/api/works"'));
      expect(works).toMatch(/ 1$/);
    } finally {
      await listening.close();
    }
  });

  it('asks for the searches a visitor clicks from the first work, each answered', async () => {
    const other = await startTestApp(dialect);
    try {
      await seedWorks(other.db, [
        {
          id: 1_500_201,
          title: 'Whisper 囁きの夜',
          circle: { id: 77_001, name: 'Warm Circle' },
          tags: [{ id: 77_001, name: '癒し' }],
          vas: ['Warm Voice'],
        },
      ]);
      const asked = await warmUp(other.app);
      const searches = asked.filter((a) => a.url.startsWith('/api/search/'));
      expect(searches.map((a) => decodeURIComponent(a.url.slice('/api/search/'.length)))).toEqual([
        '$tag:癒し$',
        '$va:Warm Voice$',
        '$circle:Warm Circle$',
        'Whis',
      ]);
      expect(asked.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('only logs when the database is gone', async () => {
    const other = await startTestApp(dialect);
    await other.db.close();
    await expect(warmUp(other.app)).resolves.toEqual(expect.any(Array));
    await other.app.close();
    fs.rmSync(other.dir, { recursive: true, force: true });
  });
});
