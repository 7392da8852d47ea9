import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/auth/jwt.ts';
import { paths } from '../../src/config.ts';
import { listUsers, setPassword } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { bearer, login, startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';

describe.each(DIALECTS)('accounts API (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has the built-in guest account and the registration flag', async () => {
    const users = await listUsers(t.db);
    expect(users.find((u) => u.name === 'guest')?.group).toBe('guest');
    const reg = await t.app.inject({ url: '/api/auth/reg' });
    expect(reg.json()).toEqual({ reg: true });
    const token = await login(t.app, 'guest', 'guest');
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      auth: true,
      reg: true,
      user: { loggedIn: true, name: 'guest', group: 'guest' },
    });
  });

  it('registers, logs in and answers the client-compatible shapes', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: {
        name: 'alice',
        password: 'secret1',
        recommenderUuid: '7f1c3a52-0d6e-4b8e-9a51-4c1d2e3f4a5b',
      },
    });
    expect(reg.statusCode).toBe(200);
    const body = reg.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toEqual({
      loggedIn: true,
      name: 'alice',
      group: 'user',
      email: null,
      recommenderUuid: '7f1c3a52-0d6e-4b8e-9a51-4c1d2e3f4a5b',
    });
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(t.config.jwtTtlSeconds);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'alice', password: 'other12' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'user name already taken', code: 'NAME_TAKEN' });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'alice', password: 'secret1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.name).toBe('alice');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'alice', password: 'wrong12' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'incorrect name or password', code: 'BAD_LOGIN' });
  });

  it('refuses short names and passwords with stable messages, and garbage with 400', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'abcd', password: 'secret1' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('name must be at least 5 characters');
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'alice', password: '1234' },
    });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().error).toBe('password must be at least 5 characters');
    for (const payload of [
      {},
      { name: ['x'], password: {} },
      { name: 'a'.repeat(5000), password: 'secret1' },
      'junk',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reg', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('answers a missing token and any refused token with the two session-ending messages', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { oldPassword: 'x', newPassword: 'y' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'No authorization token was found', code: 'NO_TOKEN' });

    const row = (await listUsers(t.db)).find((u) => u.name === 'alice')!;
    const secret = dialect === 'sqlite' ? fs.readFileSync(paths.secret(t.config), 'utf8').trim() : '';
    if (dialect === 'sqlite') {
      expect(fs.statSync(paths.secret(t.config)).mode & 0o777).toBe(0o600);
      const old = signToken(
        { sub: row.id, name: 'alice', tv: 0, sid: 'x' },
        secret,
        60,
        Date.now() - 3600_000,
      );
      const expired = await t.app.inject({ url: '/api/auth/me', headers: bearer(old) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
      // Well signed, but of no session: refused.
      const sessionless = signToken({ sub: row.id, name: 'alice', tv: 0, sid: 'x' }, secret, 60);
      const none = await t.app.inject({ url: '/api/auth/me', headers: bearer(sessionless) });
      expect(none.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
      // ?token= works the same way as the header (media URLs).
      const fresh = await tokenFor(t, row.id);
      const viaQuery = await t.app.inject({ url: `/api/auth/me?token=${fresh}` });
      expect(viaQuery.json().user.name).toBe('alice');
    }
    const forged = signToken({ sub: row.id, name: 'alice', tv: 0, sid: 'x' }, 'not-the-secret', 60);
    const bad = await t.app.inject({ url: '/api/auth/me', headers: bearer(forged) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
    // Public routes treat a bad token as anonymous.
    const health = await t.app.inject({ url: '/api/health', headers: bearer(forged) });
    expect(health.statusCode).toBe(200);
    const anon = await t.app.inject({ url: '/api/auth/me' });
    expect(anon.json()).toMatchObject({ user: { loggedIn: false }, auth: true });
  });

  it('changes the password and invalidates older tokens', async () => {
    const token = await login(t.app, 'alice', 'secret1');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { oldPassword: 'nope123', newPassword: 'secret2' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'current password is incorrect', code: 'WRONG_PASSWORD' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { oldPassword: 'secret1', newPassword: 'secret2' },
    });
    expect(res.statusCode).toBe(200);
    const stale = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
    const fresh = await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json().token) });
    expect(fresh.json().user.name).toBe('alice');
    await setPassword(t.db, 'alice', 'secret1');
    expect(await login(t.app, 'alice', 'secret1')).toBeTruthy();
  });

  it('guest cannot change password', async () => {
    const token = await login(t.app, 'guest', 'guest');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { oldPassword: 'guest', newPassword: 'hacked1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'guest cannot change password', code: 'GUEST_PASSWORD' });
  });

  it('honours the registration switch of the site settings', async () => {
    await t.app.inject({ method: 'GET', url: '/api/auth/reg' });
    await t.app.ctx.settings.write({ registrationEnabled: false });
    expect((await t.app.inject({ url: '/api/auth/reg' })).json()).toEqual({ reg: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'bobby', password: 'secret1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'registration is closed', code: 'REGISTRATION_CLOSED' });
    await t.app.ctx.settings.write({ registrationEnabled: null });
  });
});
