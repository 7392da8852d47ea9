import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_GUARD, LoginGuard } from '../../src/infra/limits/loginGuard.ts';
import { counterStoreFor, WindowLimiter } from '../../src/infra/limits/rateLimit.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS, openTestDb, type TestDb } from '../helpers/db.ts';
import { bearer, login, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('limit counters (%s)', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb(dialect);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('allows the limit per key and window, then refuses until the window ends', async () => {
    const l = new WindowLimiter(counterStoreFor(db), 'test', 2, 1000);
    expect((await l.take('a', 0)).allowed).toBe(true);
    expect((await l.take('a', 10)).allowed).toBe(true);
    expect(await l.take('a', 20)).toEqual({ allowed: false, retryAfter: 1 });
    expect((await l.take('b', 20)).allowed).toBe(true);
    expect((await l.take('a', 1000)).allowed).toBe(true);
    await l.giveBack('b');
    expect((await l.take('b', 30)).allowed).toBe(true);
    expect((await l.take('b', 30)).allowed).toBe(true);
    expect((await l.take('b', 30)).allowed).toBe(false);
    // Another limit's keys are its own.
    expect((await new WindowLimiter(counterStoreFor(db), 'other', 1, 1000).take('b', 30)).allowed).toBe(true);
  });

  it('doubles the wait of a name past the threshold, up to the cap', async () => {
    const g = new LoginGuard(counterStoreFor(db));
    // Each allowed attempt counts until a success gives it back; the 20th starts a 1 s wait.
    for (let i = 0; i < LOGIN_GUARD.backoffAfter; i++)
      expect((await g.begin('n', `a${i}`, 0)).allowed).toBe(true);
    expect(await g.begin('n', 'new', 0)).toEqual({ allowed: false, retryAfter: 1 });
    let t = 1000;
    for (const wait of [2, 4, 8, 16, 32, 60, 60]) {
      expect((await g.begin('n', `w${t}`, t)).allowed).toBe(true);
      expect(await g.begin('n', 'new', t)).toEqual({ allowed: false, retryAfter: wait });
      t += wait * 1000;
    }
    expect((await g.begin('other', 'new', t - 1)).allowed).toBe(true);
    expect((await g.begin('n', 'new', t)).allowed).toBe(true);
  });

  it('checks and counts a name’s backoff in one step: racing attempts stop at the threshold', async () => {
    const g = new LoginGuard(counterStoreFor(db));
    const n = LOGIN_GUARD.backoffAfter + 15;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => g.begin('race', `r${i}`, 0)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(LOGIN_GUARD.backoffAfter);
    expect(answers.filter((a) => !a.allowed)).toEqual(
      Array.from({ length: n - LOGIN_GUARD.backoffAfter }, () => ({ allowed: false, retryAfter: 1 })),
    );
  });

  it('gives a success’s slots back: it neither counts nor starts a wait', async () => {
    const g = new LoginGuard(counterStoreFor(db));
    for (let i = 1; i < LOGIN_GUARD.backoffAfter; i++)
      expect((await g.begin('s', `f${i}`, 0)).allowed).toBe(true);
    expect((await g.begin('s', 'owner', 0)).allowed).toBe(true);
    await g.succeed('s', 'owner', 0);
    // Still one below the threshold: the next failure is allowed and starts the wait.
    expect((await g.begin('s', 'x', 0)).allowed).toBe(true);
    expect((await g.begin('s', 'y', 0)).allowed).toBe(false);
    // The owner's address is known now and passes the wait (its attempts still count).
    expect((await g.begin('s', 'owner', 0)).allowed).toBe(true);
  });

  it('counts attempts in flight, so concurrent attempts never pass the limit', async () => {
    const g = new LoginGuard(counterStoreFor(db));
    const answers = await Promise.all(
      Array.from({ length: LOGIN_GUARD.perNameAndAddress + 5 }, () => g.begin('n2', 'x', 0)),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(LOGIN_GUARD.perNameAndAddress);
    // A success gives its address slot back and forgets the name's failures from there.
    await g.succeed('n2', 'x', 0);
    expect((await g.begin('n2', 'x', 0)).allowed).toBe(true);
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

  it('checks racing wrong guesses for one name against the password no more often than the backoff allows', async () => {
    await createUser(t.db, { name: 'racer', password: 'racer-password' });
    // Frozen clock: the wait the threshold starts cannot run out while the guesses race.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const primed = LOGIN_GUARD.backoffAfter - 5;
      for (let i = 0; i < primed; i++) {
        expect((await attempt('racer', 'wrong-pass', `10.5.0.${i}`)).statusCode).toBe(401);
      }
      // Each from its own address, so only the per-name backoff can stop them.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => attempt('racer', 'wrong-pass', `10.5.1.${i}`)),
      );
      const checked = answers.filter((r) => r.statusCode === 401).length;
      const refused = answers.filter((r) => r.statusCode === 429).length;
      expect({ checked, refused }).toEqual({ checked: LOGIN_GUARD.backoffAfter - primed, refused: 20 - 5 });
    } finally {
      vi.useRealTimers();
    }
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
