/**
 * Issue 20 §4: "the guest account can be made an administrator (`set-group guest
 * administrator`), after which guest/guest opens the admin routes; the only administrator can
 * also demote itself". Held here through every route that could do it, on SQLite and PostgreSQL,
 * including two administrators demoting each other at the same moment.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';

describe.each(DIALECTS)('guest and last administrator on %s', (dialect) => {
  let ta: TestApp;
  let guestId: number;
  const call = async (asId: number, req: InjectOptions) =>
    ta.app.inject({ ...req, headers: { authorization: `Bearer ${await tokenFor(ta, asId)}` } });
  const groupOf = async (id: number) =>
    (await ta.db.selectFrom('users').select('grp').where('id', '=', id).executeTakeFirstOrThrow()).grp;
  const guestSignsInAsAdmin = async () => {
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'guest', password: 'guest' },
    });
    const token = res.json().token as string;
    const admin = await ta.app.inject({
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    return admin.statusCode !== 403;
  };

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    guestId = (
      await ta.db.selectFrom('users').select('id').where('name', '=', 'guest').executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => ta?.close());

  it('never makes the guest account an administrator, by any route', async () => {
    const admin = await createUser(ta.db, {
      name: 'only_admin',
      password: 'only-admin-pw',
      group: 'administrator',
    });
    const attempts: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/admin/users/set-group',
        payload: { name: 'guest', group: 'administrator' },
      },
      { method: 'POST', url: `/api/admin/accounts/${guestId}/group`, payload: { group: 'administrator' } },
      { method: 'POST', url: `/api/admin/accounts/${guestId}/group`, payload: { group: 'user' } },
    ];
    for (const req of attempts) {
      const res = await call(admin.id, req);
      expect(res.statusCode, String(req.url)).toBe(403);
      expect(res.json().code, String(req.url)).toBe('GUEST_GROUP_FIXED');
    }
    expect(await groupOf(guestId)).toBe('guest');
    expect(await guestSignsInAsAdmin()).toBe(false);
    // A row promoted behind the API's back (an old database, a hand edit) still signs in as a guest.
    await ta.db.updateTable('users').set({ grp: 'administrator' }).where('id', '=', guestId).execute();
    expect(await guestSignsInAsAdmin()).toBe(false);
    await ta.db.updateTable('users').set({ grp: 'guest' }).where('id', '=', guestId).execute();
    await ta.db.deleteFrom('users').where('id', '=', admin.id).execute();
  });

  it('keeps the guest password fixed through every administrator route', async () => {
    const admin = await createUser(ta.db, {
      name: 'pw_admin',
      password: 'pw-admin-pw',
      group: 'administrator',
    });
    const attempts: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/admin/users/set-password',
        payload: { name: 'guest', password: 'taken-over' },
      },
      { method: 'PUT', url: '/api/credentials/user', payload: { name: 'guest', newPassword: 'taken-over' } },
      { method: 'POST', url: `/api/admin/accounts/${guestId}/reset-password` },
    ];
    for (const req of attempts) {
      const res = await call(admin.id, req);
      expect(res.json().code, String(req.url)).toBe('GUEST_PASSWORD');
    }
    const guest = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'guest', password: 'guest' },
    });
    expect(guest.statusCode).toBe(200);
    await ta.db.deleteFrom('users').where('id', '=', admin.id).execute();
  });

  it('refuses to leave no administrator: demote, disable or delete the last one', async () => {
    const last = await createUser(ta.db, {
      name: 'last_admin',
      password: 'last-admin-pw',
      group: 'administrator',
    });
    const attempts: [InjectOptions, string][] = [
      [
        { method: 'POST', url: '/api/admin/users/set-group', payload: { name: 'last_admin', group: 'user' } },
        'LAST_ADMIN',
      ],
      [
        { method: 'POST', url: `/api/admin/accounts/${last.id}/group`, payload: { group: 'guest' } },
        'LAST_ADMIN',
      ],
      [
        { method: 'POST', url: `/api/admin/accounts/${last.id}/disabled`, payload: { disabled: true } },
        'LAST_ADMIN',
      ],
      [{ method: 'DELETE', url: `/api/admin/accounts/${last.id}` }, 'CANNOT_DELETE_SELF'],
      [
        { method: 'POST', url: '/api/admin/users/delete', payload: { name: 'last_admin' } },
        'CANNOT_DELETE_SELF',
      ],
    ];
    for (const [req, code] of attempts) {
      const res = await call(last.id, req);
      expect(res.json().code, `${req.method} ${String(req.url)}`).toBe(code);
    }
    expect(await groupOf(last.id)).toBe('administrator');
    // With a second administrator, the first may step down.
    const second = await createUser(ta.db, {
      name: 'second_admin',
      password: 'second-admin-pw',
      group: 'administrator',
    });
    expect((await call(last.id, attempts[1]?.[0] as InjectOptions)).statusCode).toBe(200);
    expect(await groupOf(last.id)).toBe('guest');
    // And now the second is the last one.
    const res = await call(second.id, {
      method: 'POST',
      url: `/api/admin/accounts/${second.id}/group`,
      payload: { group: 'user' },
    });
    expect(res.json().code).toBe('LAST_ADMIN');
    await ta.db.deleteFrom('users').where('id', 'in', [last.id, second.id]).execute();
  });

  it('leaves one administrator when two demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUser(ta.db, {
        name: `race_a_${round}`,
        password: 'race-admin-pw',
        group: 'administrator',
      });
      const b = await createUser(ta.db, {
        name: `race_b_${round}`,
        password: 'race-admin-pw',
        group: 'administrator',
      });
      const [ra, rb] = await Promise.all([
        call(a.id, { method: 'POST', url: `/api/admin/accounts/${b.id}/group`, payload: { group: 'user' } }),
        call(b.id, { method: 'POST', url: `/api/admin/accounts/${a.id}/group`, payload: { group: 'user' } }),
      ]);
      const statuses = [ra.statusCode, rb.statusCode].sort();
      // One wins; the other is refused: as the last administrator (409), its token ended by the
      // winner's demotion (401), or signed in again after it, as no longer an administrator (403).
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403, 409], `round ${round}`).toContain(statuses[1]);
      const admins = await ta.db
        .selectFrom('users')
        .select('id')
        .where('grp', '=', 'administrator')
        .where('id', 'in', [a.id, b.id])
        .execute();
      expect(admins.length, `round ${round}`).toBe(1);
      await ta.db.deleteFrom('users').where('id', 'in', [a.id, b.id]).execute();
    }
  });
});
