/**
 * Recommender events from a script (issue 20 §4), on SQLite and PostgreSQL. Before: 2,000
 * anonymous `like` events in 28 s put a chosen work at #1 of the popular list for everyone, and
 * every event added a row. Now events are limited per viewer and per address, a listener has one
 * row per work and type, the ranking counts each viewer once (anonymous ones by address), and
 * events past the ranking window are dropped.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMENDER_LIMIT } from '../../src/infra/limits/rateLimit.ts';
import { WINDOW_DAYS } from '../../src/recommender/index.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

const TARGET = 200001;
const LOVED = 200002;
const OTHERS = [200003, 200004, 200005];
const DAY = 86_400_000;

describe.each(DIALECTS)('recommender events from a script on %s', (dialect) => {
  let t: TestApp;
  const feedback = (body: object, remoteAddress: string, headers = {}) =>
    t.app.inject({ method: 'POST', url: '/api/recommender/feedback', payload: body, remoteAddress, headers });
  const popular = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/recommender/popular', payload: { pageSize: 5 } }))
      .json()
      .works.map((w: { id: number }) => w.id);
  const rows = async () =>
    Number(
      (
        await t.db
          .selectFrom('recommender_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(
      t.db,
      [TARGET, LOVED, ...OTHERS].map((id) => ({ id, title: `work ${id}` })),
    );
    // Three listeners, each signed in from home, like and play the loved work.
    for (const i of [1, 2, 3]) {
      const a = await account(t, `listener${i}`);
      for (const type of ['start', 'play15m', 'like'])
        await feedback({ type, itemId: LOVED }, `10.50.0.${i}`, { authorization: a.authorization });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps 2,000 anonymous likes from one address from putting a work at #1', async () => {
    expect((await popular())[0]).toBe(LOVED);
    const before = await rows();
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 2000; i++) {
      const r = await feedback({ type: 'like', recommenderUuid: randomUUID(), itemId: TARGET }, '10.51.0.1');
      statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
    }
    // The address's allowance, then 429.
    expect(statuses).toEqual({ 200: RECOMMENDER_LIMIT.perAddress, 429: 2000 - RECOMMENDER_LIMIT.perAddress });
    // Six hundred browser ids from one address are one viewer: three real listeners still win.
    expect((await popular())[0]).toBe(LOVED);
    expect(await rows()).toBe(before + RECOMMENDER_LIMIT.perAddress);
  }, 180_000);

  it('keeps one row per listener, work and type, and limits one listener', async () => {
    const me = randomUUID();
    const before = await rows();
    const statuses: Record<number, number> = {};
    for (let i = 0; i < RECOMMENDER_LIMIT.perViewer + 10; i++) {
      // From many addresses, so only the viewer's own limit applies.
      const r = await feedback(
        { type: 'like', recommenderUuid: me, itemId: OTHERS[0] },
        `10.52.${i >> 8}.${i & 255}`,
      );
      statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 200: RECOMMENDER_LIMIT.perViewer, 429: 10 });
    // One like per listener and work, however often it is sent.
    expect(await rows()).toBe(before + 1);
    const refused = await feedback({ type: 'like', recommenderUuid: me, itemId: OTHERS[1] }, '10.53.0.1');
    expect(refused.json().code).toBe('RECOMMENDER_RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('drops events older than the ranking window', async () => {
    const old = Date.now() - (WINDOW_DAYS + 1) * DAY;
    // An instance prunes at its first event, then hourly: a fresh one shows it.
    const fresh = await startTestApp(dialect);
    try {
      await seedWorks(fresh.db, [{ id: OTHERS[2] as number, title: 'old' }]);
      await fresh.db
        .insertInto('recommender_events')
        .values({
          subject: 'old-one',
          user_id: null,
          work_id: OTHERS[2] as number,
          type: 'start',
          weight: 1,
          created_at: old,
        })
        .execute();
      await fresh.app.inject({
        method: 'POST',
        url: '/api/recommender/feedback',
        payload: { type: 'start', recommenderUuid: randomUUID(), itemId: OTHERS[2] },
      });
      const left = await fresh.db.selectFrom('recommender_events').select(['subject']).execute();
      expect(left.map((r) => r.subject)).not.toContain('old-one');
      expect(left).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
