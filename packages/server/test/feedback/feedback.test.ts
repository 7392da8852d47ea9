import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('problem reports (%s)', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof account>>;
  let admin: Awaited<ReturnType<typeof account>>;
  const send = (payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/feedback', payload, headers, remoteAddress: ip });
  const list = (query = '', headers: Record<string, string> = { authorization: admin.authorization }) =>
    t.app.inject({ url: `/api/admin/feedback${query}`, headers });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    alice = await account(t, 'alice');
    admin = await account(t, 'admin1', { group: 'administrator' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a report from a user and from a visitor; admins read them newest first', async () => {
    const a = await send(
      { work_id: 'RJ100001', category: 'cantPlay', details: '  track 2 stops  ', url: 'http://x/work/1' },
      { authorization: alice.authorization },
    );
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ message: 'feedback received' });
    const b = await send({ work_id: 100002, category: 'other', details: 'wrong cover' });
    expect(b.statusCode).toBe(200);

    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ currentPage: 1, pageSize: 20, totalCount: 2 });
    expect(body.feedback.map((f: { details: string }) => f.details)).toEqual([
      'wrong cover',
      'track 2 stops',
    ]);
    expect(body.feedback[1]).toMatchObject({
      category: 'cantPlay',
      userName: 'alice',
      url: 'http://x/work/1',
      handled: false,
      work: { id: 100001, title: 'Whisper night' },
    });
    expect(body.feedback[0].userName).toBeNull();
    const paged = (await list('?page=2&pageSize=1')).json();
    expect(paged.feedback.map((f: { details: string }) => f.details)).toEqual(['track 2 stops']);
  });

  it('marks a report handled and lists only the open ones on request', async () => {
    const [first] = (await list()).json().feedback;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feedback/handle',
      headers: { authorization: admin.authorization },
      payload: { id: first.id, handled: true },
    });
    expect(done.statusCode).toBe(200);
    const open = (await list('?open=true')).json();
    expect(open.feedback.map((f: { id: number }) => f.id)).not.toContain(first.id);
    expect(open.pagination.totalCount).toBe(1);
    const all = (await list()).json();
    expect(all.feedback.find((f: { id: number }) => f.id === first.id)).toMatchObject({ handled: true });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feedback/handle',
      headers: { authorization: admin.authorization },
      payload: { id: 99999, handled: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'FEEDBACK_NOT_FOUND' });
    // Past a 32-bit id (PostgreSQL's integer column): refused before the database is asked.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feedback/handle',
      headers: { authorization: admin.authorization },
      payload: { id: 99_999_999_999_999, handled: true },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('lets only administrators read or handle reports', async () => {
    expect((await list('', { authorization: alice.authorization })).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
    const handle = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feedback/handle',
      headers: { authorization: alice.authorization },
      payload: { id: 1, handled: true },
    });
    expect(handle.statusCode).toBe(403);
  });

  it('refuses bad reports with a code and writes nothing', async () => {
    const before = await count();
    const cases: [object, number, string | undefined][] = [
      [{ work_id: 100001, category: 'boring', details: 'x' }, 400, 'FEEDBACK_CATEGORY'],
      [{ work_id: 100001, details: 'x' }, 400, undefined],
      [{ work_id: 100001, category: 'other', details: '   ' }, 400, 'FEEDBACK_DETAILS_EMPTY'],
      [{ work_id: 100001, category: 'other', details: 'x'.repeat(2001) }, 400, 'FEEDBACK_DETAILS_TOO_LONG'],
      [{ work_id: 999999, category: 'other', details: 'x' }, 404, 'WORK_NOT_FOUND'],
      [{ work_id: 'nope', category: 'other', details: 'x' }, 400, undefined],
    ];
    for (const [payload, status, code] of cases) {
      const res = await send(payload, {}, '10.0.0.2');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(typeof res.json().error).toBe('string');
      if (code) expect(res.json().code).toBe(code);
    }
    expect(await count()).toBe(before);
  });

  it('limits reports per address', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 10; i++) {
      expect((await send({ work_id: 100001, category: 'other', details: `r${i}` }, {}, ip)).statusCode).toBe(
        200,
      );
    }
    const over = await send({ work_id: 100001, category: 'other', details: 'one more' }, {}, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'FEEDBACK_RATE_LIMITED' });
    expect(over.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect(
      (await send({ work_id: 100001, category: 'other', details: 'fine' }, {}, '10.0.0.4')).statusCode,
    ).toBe(200);
  });
});
