/**
 * /api/credentials: the kikoeru front end's user management on our accounts. Administrators
 * only; a password set here ends the account's older sessions; a delete list that names a
 * missing or protected account deletes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';

describe.each(DIALECTS)('kikoeru user management on %s', (dialect) => {
  let ta: TestApp;
  let admin = '';
  let user = '';

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) =>
    ta.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const names = async () =>
    (await call('GET', '/api/credentials/users', admin)).json().users.map((u: { name: string }) => u.name);
  const login = async (name: string, password: string) =>
    (await call('POST', '/api/auth/me', null, { name, password })).statusCode;

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    admin = await tokenFor(
      ta,
      (await createUser(ta.db, { name: 'boss01', password: 'secret1', group: 'administrator' })).id,
    );
    user = await tokenFor(ta, (await createUser(ta.db, { name: 'plain01', password: 'secret2' })).id);
  });
  afterAll(() => ta.close());

  it('lists accounts by name and group, for administrators only', async () => {
    const res = await call('GET', '/api/credentials/users', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual(
      expect.arrayContaining([
        { name: 'boss01', group: 'administrator' },
        { name: 'plain01', group: 'user' },
        { name: 'guest', group: 'guest' },
      ]),
    );
    expect((await call('GET', '/api/credentials/users', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/credentials/users', user)).json()).toEqual({
      error: 'administrator only',
      code: 'ADMIN_ONLY',
    });
  });

  it('creates accounts that can log in, and refuses bad input without creating anything', async () => {
    const res = await call('POST', '/api/credentials/user', admin, {
      name: 'made01',
      password: 'pass01',
      group: 'guest',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await login('made01', 'pass01')).toBe(200);
    const before = await names();
    for (const [token, body, status] of [
      [admin, { name: 'made01', password: 'pass02' }, 409],
      [admin, { name: 'made02', password: '123' }, 400],
      [admin, { name: 'made03', password: 'pass03', group: 'root' }, 400],
      [admin, { name: 'made04' }, 400],
      [user, { name: 'made05', password: 'pass05' }, 403],
      [null, { name: 'made06', password: 'pass06' }, 401],
    ] as const) {
      const r = await call('POST', '/api/credentials/user', token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      expect(r.json().error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await names()).toEqual(before);
  });

  it('sets passwords for administrators and ends the older sessions of that account', async () => {
    await createUser(ta.db, { name: 'victim01', password: 'before1' });
    const r = await call('POST', '/api/auth/me', null, { name: 'victim01', password: 'before1' });
    const old = r.json().token;
    const res = await call('PUT', '/api/credentials/user', admin, {
      name: 'victim01',
      newPassword: 'after01',
    });
    expect(res.statusCode).toBe(200);
    expect(await login('victim01', 'after01')).toBe(200);
    expect(await login('victim01', 'before1')).toBe(401);
    expect((await call('GET', '/api/auth/me', old)).json()).toEqual({
      error: 'jwt expired',
      code: 'JWT_EXPIRED',
    });
    expect(
      (await call('PUT', '/api/credentials/user', admin, { name: 'nobody1', newPassword: 'x12345' }))
        .statusCode,
    ).toBe(404);
  });

  it('sends users to change-password for their own, refuses the rest, and changes nothing', async () => {
    const own = await call('PUT', '/api/credentials/user', user, { name: 'plain01', newPassword: 'hijack1' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatch(/\/api\/auth\/change-password/);
    const other = await call('PUT', '/api/credentials/user', user, {
      name: 'boss01',
      newPassword: 'hijack1',
    });
    expect(other.json()).toEqual({ error: 'administrator only', code: 'ADMIN_ONLY' });
    expect(
      (await call('PUT', '/api/credentials/user', null, { name: 'boss01', newPassword: 'hijack1' }))
        .statusCode,
    ).toBe(401);
    expect(await login('plain01', 'secret2')).toBe(200);
    expect(await login('boss01', 'secret1')).toBe(200);
  });

  it('deletes every listed account, or none when one is missing or protected', async () => {
    await createUser(ta.db, { name: 'gone001', password: 'pass01' });
    await createUser(ta.db, { name: 'gone002', password: 'pass02' });
    const before = await names();
    for (const [token, users, status] of [
      [admin, [{ name: 'gone001' }, { name: 'nobody1' }], 404],
      [admin, [{ name: 'gone001' }, { name: 'guest' }], 403],
      [admin, [{ name: 'gone001' }, { name: 'boss01' }], 403],
      [admin, [], 400],
      [user, [{ name: 'gone001' }], 403],
    ] as const) {
      const r = await call('DELETE', '/api/credentials/user', token, { users });
      expect(r.statusCode, JSON.stringify(users)).toBe(status);
      expect(r.json().error).toEqual(expect.any(String));
    }
    expect(await names()).toEqual(before);
    const res = await call('DELETE', '/api/credentials/user', admin, {
      users: [{ name: 'gone001' }, { name: 'gone002' }],
    });
    expect(res.statusCode).toBe(200);
    expect(await names()).toEqual(before.filter((n: string) => !n.startsWith('gone')));
    expect(await login('gone001', 'pass01')).toBe(401);
  });
});
