import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putReview } from '../../src/services/reviews.ts';
import { voteWorkTag } from '../../src/services/votes.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';
import { CATALOGUE, TAG } from './fixtures.ts';

describe.each(DIALECTS)('administration (%s)', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    admin = await account(t, 'admin-acct', { group: 'administrator' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets and clears the maintenance message that /api/health answers', async () => {
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: admin,
      payload: { html: '<p>Back soon</p>' },
    });
    expect(on.json()).toEqual({ message: 'maintenance on' });
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ html: '<p>Back soon</p>', code: 'MAINTENANCE' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/maintenance',
      headers: admin,
      payload: { html: '' },
    });
    const ok = await t.app.inject({ url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('OK');
  });

  it('switches registration', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/registration',
      headers: admin,
      payload: { enabled: false },
    });
    expect((await t.app.inject({ url: '/api/auth/reg' })).json()).toEqual({ reg: false });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/registration',
      headers: admin,
      payload: { enabled: null },
    });
    expect((await t.app.inject({ url: '/api/auth/reg' })).json()).toEqual({ reg: true });
  });

  it('lists users and changes a group, ending the user’s sessions', async () => {
    const u = await account(t, 'promoted');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/set-group',
      headers: admin,
      payload: { name: 'promoted', group: 'administrator' },
    });
    const stale = await t.app.inject({ url: '/api/admin/users', headers: u });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
    const list = (await t.app.inject({ url: '/api/admin/users', headers: admin })).json();
    expect(list.users.find((x: { name: string }) => x.name === 'promoted').group).toBe('administrator');
    expect(list.users.find((x: { name: string }) => x.name === 'guest').group).toBe('guest');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/set-group',
      headers: admin,
      payload: { name: 'nobody-here', group: 'user' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'user not found', code: 'USER_NOT_FOUND' });
  });

  it('deletes a user and recomputes the ratings and tag counters they fed', async () => {
    const gone = await account(t, 'leaving', { email: 'leaving@example.org' });
    await putReview(t.db, await viewerOf(t.db, gone.id), 100004, { rating: 5, review_text: 'bye' });
    await voteWorkTag(t.db, await viewerOf(t.db, gone.id), 100004, TAG.comedy, 1);
    const before = await t.db
      .selectFrom('works')
      .select(['site_rate_count', 'review_count'])
      .where('id', '=', 100004)
      .executeTakeFirstOrThrow();
    // review_count is the store's figure: this site's reviews leave it alone.
    expect(before).toEqual({ site_rate_count: 1, review_count: 0 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/delete',
      headers: admin,
      payload: { name: 'leaving' },
    });
    expect(res.json()).toEqual({ message: 'user deleted' });
    const after = await t.db
      .selectFrom('works')
      .select(['site_rate_count', 'review_count'])
      .where('id', '=', 100004)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ site_rate_count: 0, review_count: 0 });
    const tag = await t.db
      .selectFrom('work_tags')
      .select('upvote')
      .where('work_id', '=', 100004)
      .where('tag_id', '=', TAG.comedy)
      .executeTakeFirstOrThrow();
    expect(tag.upvote).toBe(0);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/delete',
      headers: admin,
      payload: { name: 'admin-acct' },
    });
    expect(self.json()).toEqual({ error: 'cannot delete yourself', code: 'CANNOT_DELETE_SELF' });
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/delete',
      headers: admin,
      payload: { name: 'guest' },
    });
    expect(guest.json()).toEqual({ error: 'cannot delete the guest account', code: 'CANNOT_DELETE_GUEST' });
  });
});
