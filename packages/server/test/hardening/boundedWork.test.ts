/**
 * Bounded work per request (docs/security.md): search limits, one parser for numbers in URLs,
 * and, on PostgreSQL, the statement timeout, the pool's wait limit and cancellation of queries
 * whose client went away — each a clear 4xx or a 503 `{error, code}` with Retry-After.
 */
import { LIMITS } from '@sasayaki/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableFor } from '../../src/errors.ts';
import { DIALECTS, PG_URL, pgAvailable, type TestDb } from '../helpers/db.ts';
import { seedUser } from '../helpers/seed.ts';
import { startTestApp, type TestApp, type TestAppOptions, tokenFor } from '../helpers/testApp.ts';

describe.each(DIALECTS)('bounded requests on %s', (dialect) => {
  let ta: TestApp;
  let token: string;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    token = await tokenFor(ta, await seedUser(ta.db, 'bounded1'));
  });
  afterAll(() => ta.close());

  const search = (keyword: string) =>
    ta.app.inject({ method: 'POST', url: '/api/search/', payload: { keyword } });

  it('takes searches up to the term limit and refuses more with a 400 naming it', async () => {
    const terms = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 2 ? `$t:${i}$` : `w${i}`)).join(' ');
    expect((await search(terms(LIMITS.searchTermsMax))).statusCode).toBe(200);
    for (const n of [LIMITS.searchTermsMax + 1, 150]) {
      const r = await search(terms(n));
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('TOO_MANY_SEARCH_TERMS');
      expect(r.json().error).toContain(String(LIMITS.searchTermsMax));
    }
  });

  it('refuses over-long keywords by GET, POST and in recommendations, naming the limit', async () => {
    const long = 'a'.repeat(LIMITS.keywordMax + 1);
    const answers = [
      await search(long),
      await ta.app.inject({ method: 'GET', url: `/api/search/${long}` }),
      await ta.app.inject({ method: 'POST', url: '/api/recommender/popular', payload: { keyword: long } }),
    ];
    for (const r of answers) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'SEARCH_KEYWORD_TOO_LONG' });
      expect(r.json().error).toContain(String(LIMITS.keywordMax));
    }
    // 2,800 `$t:a$` terms: refused on length before anything is parsed.
    expect((await search('$t:a$ '.repeat(2800))).json().code).toBe('SEARCH_KEYWORD_TOO_LONG');
    expect((await search('耳かき'.repeat(LIMITS.keywordMax / 3))).statusCode).toBe(200);
  });

  it.each([
    '/api/playlist/get-playlists?page=1e309',
    '/api/playlist/get-playlists?page=-1e309',
    '/api/playlist/get-playlists?pageSize=1e309',
    '/api/playlist/get-playlists?page=NaN',
    '/api/playlist/get-playlists?page=Infinity',
    '/api/playlist/get-playlists?page=0x10',
    '/api/playlist/get-playlists?page=1e3',
    '/api/playlist/get-playlists?page=99999999999999999999999',
    '/api/playlist/get-playlists?page=%201',
    '/api/works?page=0x10',
    '/api/works?pageSize=1.0',
    '/api/review?page=1e309',
    '/api/media/stream/999999999999',
    '/api/media/download/1/999999999999',
  ])('%s is a 400 with {error, code}', async (url) => {
    const r = await ta.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ error: expect.any(String), code: 'BAD_NUMBER', params: expect.any(Object) });
  });

  it('refuses the NUL character in text before any work', async () => {
    const r = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      headers: { authorization: `Bearer ${token}` },
      payload: { verifyId: '\u0000', code: '123456' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('NUL_CHARACTER');
    expect((await ta.app.inject({ method: 'GET', url: '/api/tags/2147483648' })).statusCode).toBe(404);
  });

  it('still takes plain numbers', async () => {
    const r = await ta.app.inject({
      method: 'GET',
      url: '/api/playlist/get-playlists?page=2&pageSize=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().pagination).toMatchObject({ currentPage: 2, pageSize: 5 });
  });
});

describe('infrastructure failures are 503s', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 'DB_UNAVAILABLE'],
    [{ code: '57P01' }, 'DB_UNAVAILABLE'],
    [new Error('Connection terminated unexpectedly'), 'DB_UNAVAILABLE'],
    [{ code: '57014' }, 'DB_TIMEOUT'],
    [new Error('timeout exceeded when trying to connect'), 'DB_BUSY'],
    [{ code: 'SQLITE_BUSY' }, 'DB_BUSY'],
  ])('%o → %s', (err, code) => {
    expect(unavailableFor(err)).toMatchObject({ statusCode: 503, code });
  });
  it('leaves other errors alone', () => {
    expect(unavailableFor(new TypeError('x is undefined'))).toBeNull();
    expect(unavailableFor({ code: '23505' })).toBeNull();
  });
});

/**
 * An app on its own PostgreSQL schema with slow routes beside the real ones: `/test/sleep?s=` runs
 * one sleeping statement; `/test/hold?s=&times=` runs `times` of them in one transaction, holding
 * one connection for longer than a single statement may run.
 */
function slowApp(dbOptions: TestAppOptions['dbOptions']): Promise<TestApp> {
  return startTestApp(
    'postgres',
    {},
    {
      dbOptions,
      beforeReady(app, t) {
        app.get('/test/sleep', async (req) => {
          const s = Number((req.query as { s: string }).s);
          await sql`select pg_sleep(${s})`.execute(t);
          return { slept: s };
        });
        app.get('/test/hold', async (req) => {
          const q = req.query as { s: string; times: string };
          await t.transaction().execute(async (trx) => {
            for (let i = 0; i < Number(q.times); i++) await sql`select pg_sleep(${Number(q.s)})`.execute(trx);
          });
          return { held: true };
        });
      },
    },
  );
}

async function backends(schema: string, like = '%'): Promise<number[]> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    const r = await c.query(
      'select pid from pg_stat_activity where application_name = $1 and query like $2 and state = $3',
      [`sasayaki:${schema}`, like, 'active'],
    );
    return r.rows.map((row) => row.pid as number);
  } finally {
    await c.end();
  }
}

async function terminate(schema: string): Promise<number> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    const r = await c.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [`sasayaki:${schema}`],
    );
    return r.rowCount ?? 0;
  } finally {
    await c.end();
  }
}

describe.runIf(pgAvailable)('PostgreSQL limits', () => {
  let slow: TestApp;
  let app: FastifyInstance;
  let t: TestDb;
  beforeAll(async () => {
    slow = await slowApp({ statementTimeoutMs: 300, poolSize: 1, connectTimeoutMs: 300 });
    ({ app, db: t } = slow);
  });
  afterAll(async () => {
    await slow.close();
  });

  it('cancels a statement past the timeout: 503 DB_TIMEOUT with Retry-After', async () => {
    const r = await app.inject({ method: 'GET', url: '/test/sleep?s=5' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ error: expect.any(String), code: 'DB_TIMEOUT' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t);
    expect(shown.rows[0]?.statement_timeout).toBe('300ms');
  });

  it('answers 503 DB_BUSY when no connection frees up in time, then serves again', async () => {
    // The only connection is held for about 1 s, past the 300 ms wait for a connection.
    const holding = app.inject({ method: 'GET', url: '/test/hold?s=0.25&times=4' });
    while ((await backends(t.pgSchema, 'select pg_sleep%')).length === 0)
      await new Promise((r) => setImmediate(r));
    const [busy, held] = await Promise.all([app.inject({ method: 'GET', url: '/test/sleep?s=0' }), holding]);
    expect(held.statusCode).toBe(200);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ error: expect.any(String), code: 'DB_BUSY' });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/works' })).statusCode).toBe(200);
  });
});

describe.runIf(pgAvailable)('PostgreSQL connections that drop or whose client leaves', () => {
  let slow: TestApp;
  let app: FastifyInstance;
  let t: TestDb;
  let url: string;
  beforeAll(async () => {
    slow = await slowApp({ statementTimeoutMs: 0, poolSize: 4, onConnectionError: () => {} });
    ({ app, db: t } = slow);
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await slow.close();
  });

  const get = async (path: string) => {
    const r = await fetch(`${url}${path}`);
    return { status: r.status, body: (await r.json()) as { code?: string } };
  };

  it('cancels the query when the client goes away', async () => {
    const gone = new AbortController();
    const request = fetch(`${url}/test/sleep?s=60`, { signal: gone.signal }).catch(() => 'aborted');
    while ((await backends(t.pgSchema, 'select pg_sleep%')).length === 0)
      await new Promise((r) => setImmediate(r));
    gone.abort();
    expect(await request).toBe('aborted');
    // The backend stops sleeping long before its 60 s (the test's own time limit is far lower).
    while ((await backends(t.pgSchema, 'select pg_sleep%')).length > 0)
      await new Promise((r) => setTimeout(r, 20));
    expect((await get('/api/works')).status).toBe(200);
  }, 20_000);

  it('keeps answering when its backends are terminated between and during requests', async () => {
    expect((await get('/api/works')).status).toBe(200);
    // Between requests: every pooled connection is idle.
    expect(await terminate(t.pgSchema)).toBeGreaterThan(0);
    const after = await get('/api/works');
    expect([200, 503]).toContain(after.status);
    if (after.status === 503) expect(after.body.code).toBe('DB_UNAVAILABLE');
    // During requests: some are running when the backends go.
    const running = Array.from({ length: 12 }, (_, i) => get(i % 3 ? '/api/works' : '/test/sleep?s=0.2'));
    while ((await backends(t.pgSchema, 'select pg_sleep%')).length === 0)
      await new Promise((r) => setImmediate(r));
    await terminate(t.pgSchema);
    for (const r of await Promise.all(running)) {
      expect([200, 503]).toContain(r.status);
      if (r.status === 503) expect(['DB_UNAVAILABLE', 'DB_TIMEOUT']).toContain(r.body.code);
    }
    // And the pool reconnects: the next requests are served.
    let ok = 0;
    for (let i = 0; i < 5; i++) if ((await get('/api/works')).status === 200) ok++;
    expect(ok).toBeGreaterThanOrEqual(4);
  }, 20_000);
});
