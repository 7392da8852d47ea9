/**
 * Sign-in limits across instances (docs/security.md, "Sign-in limits"): two app instances, each
 * with its own pool and data folder, on one PostgreSQL schema draw on one allowance, even when
 * the attempts race. PostgreSQL only: SQLite is one process and keeps the counters in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_GUARD } from '../../src/infra/limits/loginGuard.ts';
import { createUser } from '../../src/services/users.ts';
import { pgAvailable } from '../helpers/db.ts';
import { startTwoInstances, statusCounts, type TwoInstances } from './twoInstances.ts';

describe.skipIf(!pgAvailable)('sign-in limits shared by two instances on PostgreSQL', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances();
    await createUser(two.a.db, { name: 'shared-owner', password: 'owner-password' });
    await createUser(two.a.db, { name: 'backoff-owner', password: 'owner-password' });
  });
  afterAll(async () => {
    await two?.close();
  });

  const attempt = (i: number, name: string, password: string, ip: string) =>
    two.inject(i, { method: 'POST', url: '/api/auth/me', payload: { name, password }, remoteAddress: ip });

  const statuses = async (n: number, f: (i: number) => ReturnType<typeof attempt>) => {
    const counts = await statusCounts(n, f);
    const count = (s: number) => counts[s] ?? 0;
    return { failed: count(401), limited: count(429), other: n - count(401) - count(429) };
  };

  it('lets one address try one name the limit of times in all, racing on both instances', async () => {
    const n = LOGIN_GUARD.perNameAndAddress * 3;
    const r = await statuses(n, (i) => attempt(i, 'shared-owner', 'wrong-pass', '10.20.0.1'));
    expect(r).toEqual({
      failed: LOGIN_GUARD.perNameAndAddress,
      limited: n - LOGIN_GUARD.perNameAndAddress,
      other: 0,
    });
    // Refused on both instances now, even with the right password.
    for (const i of [0, 1])
      expect((await attempt(i, 'shared-owner', 'owner-password', '10.20.0.1')).statusCode).toBe(429);
  });

  it('lets one address fail the per-address limit in all across names and instances', async () => {
    const n = LOGIN_GUARD.perAddress * 2;
    const r = await statuses(n, (i) => attempt(i, `nobody${i}x`, 'whatever', '10.20.0.2'));
    expect(r).toEqual({ failed: LOGIN_GUARD.perAddress, limited: n - LOGIN_GUARD.perAddress, other: 0 });
  });

  it('backs a name off after the threshold counted over both instances, except where its owner signs in', async () => {
    expect((await attempt(0, 'backoff-owner', 'owner-password', '10.21.9.9')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_GUARD.backoffAfter; i++) {
      expect((await attempt(i, 'backoff-owner', 'wrong-pass', `10.21.0.${i}`)).statusCode).toBe(401);
    }
    for (const i of [0, 1])
      expect((await attempt(i, 'backoff-owner', 'wrong-pass', '10.21.1.1')).statusCode).toBe(429);
    // The owner's address, known from its sign-in through instance A, passes on B too.
    expect((await attempt(1, 'backoff-owner', 'owner-password', '10.21.9.9')).statusCode).toBe(200);
  });

  it('keeps the counters in the database, where both instances find them', async () => {
    const rows = await two.a.db
      .selectFrom('limit_counters' as never)
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number((rows as { n: number }).n)).toBeGreaterThan(0);
  });
});
