import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_GUARD, LoginGuard } from '../../src/services/loginGuard.ts';
import { MemoryLoginLimitStore } from '../../src/services/loginLimitStore.ts';
import { WindowLimiter } from '../../src/services/rateLimit.ts';
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

describe('login guard', () => {
  it('doubles the wait of a name past the threshold, up to the cap, and forgets after the window', async () => {
    const g = new LoginGuard(new MemoryLoginLimitStore());
    for (let i = 0; i < LOGIN_GUARD.backoffAfter; i++) await g.fail('n', `a${i}`, 0);
    expect(await g.begin('n', 'new', 0)).toEqual({ allowed: false, retryAfter: 1 });
    expect((await g.begin('n', 'new', 1000)).allowed).toBe(true);
    await g.fail('n', 'new', 1000);
    expect(await g.begin('n', 'new', 1000)).toEqual({ allowed: false, retryAfter: 2 });
    for (let i = 0; i < 20; i++) await g.fail('n', `c${i}`, 5000);
    expect(await g.begin('n', 'new', 5000)).toEqual({
      allowed: false,
      retryAfter: LOGIN_GUARD.backoffMaxMs / 1000,
    });
    expect((await g.begin('other', 'new', 5000)).allowed).toBe(true);
    expect((await g.begin('n', 'new', 5000 + LOGIN_GUARD.backoffMaxMs)).allowed).toBe(true);
  });

  it('counts attempts in flight, so concurrent attempts never pass the limit', async () => {
    const g = new LoginGuard(new MemoryLoginLimitStore());
    const answers = await Promise.all(
      Array.from({ length: LOGIN_GUARD.perNameAndAddress + 5 }, () => g.begin('n', 'x', 0)),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(LOGIN_GUARD.perNameAndAddress);
    // A success gives its address slot back and forgets the name's failures from there.
    await g.succeed('n', 'x', 0);
    expect((await g.begin('n', 'x', 0)).allowed).toBe(true);
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

  const attempt = (name: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/me', payload: { name, password }, remoteAddress: ip });

  it('limits login attempts per name and address', async () => {
    for (let i = 0; i < LOGIN_GUARD.perNameAndAddress; i++) {
      expect((await attempt('target', 'wrong-pass', '10.0.1.1')).statusCode).toBe(401);
    }
    const blocked = await attempt('target', 'target-password', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'too many login attempts, try again later',
      code: 'LOGIN_RATE_LIMITED',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not let failures from other addresses lock the owner out', async () => {
    await createUser(t.db, { name: 'admin2', password: 'admin2-password', group: 'administrator' });
    // Anonymous wrong logins, each from its own address, up to what once locked the name.
    for (let i = 0; i < LOGIN_GUARD.perNameAndAddress + 2; i++) {
      expect((await attempt('admin2', 'wrong-pass', `10.3.0.${i}`)).statusCode).toBe(401);
    }
    expect((await attempt('admin2', 'admin2-password', '10.3.9.9')).statusCode).toBe(200);
  });

  it('backs a name off after many failures from everywhere, except where the owner signs in', async () => {
    await createUser(t.db, { name: 'owner', password: 'owner-password' });
    expect((await attempt('owner', 'owner-password', '10.4.9.9')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_GUARD.backoffAfter; i++) {
      expect((await attempt('owner', 'wrong-pass', `10.4.0.${i}`)).statusCode).toBe(401);
    }
    const fresh = await attempt('owner', 'wrong-pass', '10.4.1.1');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    // Where the owner signed in before, the backoff does not apply.
    expect((await attempt('owner', 'owner-password', '10.4.9.9')).statusCode).toBe(200);
  });

  it('counts only failures, and nobody can lock the shared guest account', async () => {
    for (let i = 0; i < LOGIN_GUARD.backoffAfter + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'guest', password: 'wrong-guess' },
        remoteAddress: `10.7.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < LOGIN_GUARD.backoffAfter + 2; i++) {
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
    for (let i = 0; i <= LOGIN_GUARD.perAddress; i++) {
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
    expect(limited.json()).toEqual({ error: 'too many requests, try again later', code: 'RATE_LIMITED' });
    await createUser(t.db, { name: 'someone', password: 'someone-password' });
    const user = bearer(await login(t.app, 'someone', 'someone-password'));
    for (let i = 0; i < 8; i++)
      expect((await t.app.inject({ url: '/api/health', headers: user })).statusCode).toBe(200);
    // Without a token the same address is anonymous and not limited.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
