/**
 * SQLite's one connection is given to the oldest request first, and never to a request whose
 * client has gone (db/turns.ts): a burst is answered in arrival order, one request after the
 * other, not all together at its end, and abandoned requests cost no more work.
 */
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestScope, RequestGoneError, runForRequest } from '../../src/db/requestScope.ts';
import { Turns } from '../../src/db/turns.ts';
import { hashPassword, verifyPassword } from '../../src/services/users.ts';
import { openTestDb, type TestDb } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

/** A request that has just arrived, and the controller its client gives up with. */
function arrive() {
  const client = new AbortController();
  return { client, scope: newRequestScope(client.signal) };
}

/** Lets pending handovers (which wait for the current microtasks) happen. */
const settle = () => new Promise((r) => setImmediate(() => setImmediate(r)));

describe('turns', () => {
  it('go to the oldest waiting request, whatever order they were asked in', async () => {
    const turns = new Turns(1);
    const leaveFirst = await turns.take();
    const [a, b, c] = [arrive(), arrive(), arrive()];
    const order: string[] = [];
    const waiting = [
      [c, 'c'],
      [a, 'a'],
      [b, 'b'],
    ].map(([r, name]) =>
      runForRequest((r as ReturnType<typeof arrive>).scope, () =>
        turns.take().then((leave) => {
          order.push(name as string);
          leave();
        }),
      ),
    );
    expect(turns.queued).toBe(3);
    leaveFirst();
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('stay with a request that asks again at once, ahead of newer ones', async () => {
    const turns = new Turns(1);
    const [older, newer] = [arrive(), arrive()];
    const order: string[] = [];
    const olderRequest = runForRequest(older.scope, async () => {
      for (let i = 0; i < 3; i++) {
        const leave = await turns.take();
        order.push(`older ${i}`);
        leave();
      }
    });
    const newerRequest = runForRequest(newer.scope, async () => {
      const leave = await turns.take();
      order.push('newer');
      leave();
    });
    await Promise.all([olderRequest, newerRequest]);
    expect(order).toEqual(['older 0', 'older 1', 'older 2', 'newer']);
  });

  it('are never given to a request whose client has gone', async () => {
    const turns = new Turns(1);
    const leaveFirst = await turns.take();
    const [gone, staying] = [arrive(), arrive()];
    const goneTurn = runForRequest(gone.scope, () => turns.take());
    const stayingTurn = runForRequest(staying.scope, () => turns.take());
    gone.client.abort();
    await expect(goneTurn).rejects.toBeInstanceOf(RequestGoneError);
    expect(turns.queued).toBe(1);
    leaveFirst();
    (await stayingTurn)();
    // Already gone when it asks: refused even with the turn free.
    await expect(runForRequest(gone.scope, () => turns.take())).rejects.toBeInstanceOf(RequestGoneError);
    // Ending a turn twice frees it once: one turn, one holder.
    const leave = await turns.take();
    leave();
    leave();
    const next = await turns.take();
    let third = false;
    void turns.take().then(() => {
      third = true;
    });
    await settle();
    expect(third).toBe(false);
    next();
    await settle();
    expect(third).toBe(true);
  });
});

describe('password checks', () => {
  it('are not run for a client that has gone, nor taken for a wrong password', async () => {
    const stored = await hashPassword('right-password');
    const { client, scope } = arrive();
    expect(await runForRequest(scope, () => verifyPassword(stored, 'right-password'))).toBe(true);
    expect(await runForRequest(scope, () => verifyPassword(stored, 'wrong-password'))).toBe(false);
    client.abort();
    await expect(runForRequest(scope, () => verifyPassword(stored, 'right-password'))).rejects.toBeInstanceOf(
      RequestGoneError,
    );
  });
});

describe('SQLite requests', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
  });
  afterAll(() => t.close());

  it('run their queries one request after the other, in arrival order', async () => {
    const ran: string[] = [];
    const requests = Array.from({ length: 8 }, (_, r) => {
      const { scope } = arrive();
      return runForRequest(scope, async () => {
        for (let q = 0; q < 4; q++) {
          await sql`select ${q} as q`.execute(t);
          ran.push(`${r}.${q}`);
        }
      });
    });
    await Promise.all(requests);
    // Handed out per query, the first request's second query would wait for every other
    // request's first one, and the burst would finish together.
    expect(ran).toEqual(Array.from({ length: 32 }, (_, i) => `${Math.floor(i / 4)}.${i % 4}`));
  });
});

describe('a SQLite request whose client leaves while it waits for the database', () => {
  let ta: TestApp;
  let url: string;
  /** The status each registration was answered with, by account name. */
  const answers = new Map<string, (status: number) => void>();
  beforeAll(async () => {
    ta = await startTestApp(
      'sqlite',
      {},
      {
        beforeReady: (app) =>
          app.addHook('onSend', async (req, reply) => {
            // Named in a header: a request answered before its body is read has no body.
            const name = req.headers['x-test-account'];
            if (req.url === '/api/auth/reg' && typeof name === 'string')
              answers.get(name)?.(reply.statusCode);
          }),
      },
    );
    url = await ta.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ta.close());

  // With fresh settings the request waits in the handler's first query; with stale ones it
  // already waits in the settings refresh on arrival, and its client is gone before the
  // request's scope is made.
  it.each([
    ['in its handler', 'leftearly', false],
    ['on arrival, for the site settings', 'leftatdoor', true],
  ])(
    'runs none of its queries and changes nothing (waiting %s)',
    { timeout: 10_000 },
    async (_, name, stale) => {
      const answered = new Promise<number>((resolve) => answers.set(name, resolve));
      if (stale) ta.app.ctx.settings.invalidate();
      // The database is busy with a long transaction outside any request.
      let endTransaction = () => {};
      const transactionHeld = new Promise<void>((held) => {
        void ta.db.transaction().execute(async () => {
          held();
          await new Promise<void>((r) => {
            endTransaction = r;
          });
        });
      });
      await transactionHeld;
      const arrived = once(ta.app.server, 'request') as Promise<[IncomingMessage, ServerResponse]>;
      const client = new AbortController();
      const registration = fetch(`${url}/api/auth/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-account': name },
        body: JSON.stringify({ name, password: 'left-early-password' }),
        signal: client.signal,
      }).catch(() => 'aborted');
      const [, res] = await arrived;
      client.abort();
      expect(await registration).toBe('aborted');
      if (!res.closed) await once(res, 'close');
      endTransaction();
      expect(await answered).toBe(499);
      const account = await ta.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst();
      expect(account).toBeUndefined();
      // And the next request is served as usual.
      expect((await fetch(`${url}/api/works`)).status).toBe(200);
    },
  );
});
