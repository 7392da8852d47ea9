import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, WindowLimiter } from '../../src/services/rateLimit.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { bearer, login, startTestApp, type TestApp } from './appHelper.ts';

describe('window limiter', () => {
  it('allows the limit per key and window, then refuses until the window ends', () => {
    const l = new WindowLimiter(2, 1000);
    expect(l.hit('a', 0).allowed).toBe(true);
    expect(l.hit('a', 10).allowed).toBe(true);
    expect(l.hit('a', 20)).toEqual({ allowed: false, retryAfter: 1 });
    expect(l.hit('b', 20).allowed).toBe(true);
    expect(l.hit('a', 1000).allowed).toBe(true);
    l.reset('b');
    expect(l.hit('b', 30).allowed).toBe(true);
  });
});

describe.each(DIALECTS)('rate limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { guestRateLimitPerMinute: 5 });
    await createUser(t.db, { name: 'target', password: 'target-password' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits login attempts per name', async () => {
    const attempt = (password: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'target', password },
        remoteAddress: ip,
      });
    for (let i = 0; i < LOGIN_LIMIT.perName; i++) {
      // A different address each time: the per-name limit is what stops them.
      expect((await attempt('wrong-pass', `10.0.1.${i}`)).statusCode).toBe(401);
    }
    const blocked = await attempt('target-password', '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'too many login attempts, try again later' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts only failures, and nobody can lock the shared guest account', async () => {
    for (let i = 0; i < LOGIN_LIMIT.perName + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'guest', password: 'wrong-guess' },
        remoteAddress: `10.7.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < LOGIN_LIMIT.perName + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'guest', password: 'guest' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits login attempts per address across names', async () => {
    const ip = '10.9.9.9';
    let last = 0;
    for (let i = 0; i <= LOGIN_LIMIT.perAddress; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: `name${i}x`, password: 'whatever' },
        remoteAddress: ip,
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits the guest account’s traffic, not other users', async () => {
    const guest = bearer(await login(t.app, 'guest', 'guest'));
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await t.app.inject({ url: '/api/health', headers: guest })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
    const limited = await t.app.inject({ url: '/api/auth/me', headers: guest });
    expect(limited.json()).toEqual({ error: 'too many requests, try again later' });
    await createUser(t.db, { name: 'someone', password: 'someone-password' });
    const user = bearer(await login(t.app, 'someone', 'someone-password'));
    for (let i = 0; i < 8; i++)
      expect((await t.app.inject({ url: '/api/health', headers: user })).statusCode).toBe(200);
    // Without a token the same address is anonymous and not limited.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
