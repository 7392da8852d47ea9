import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../src/auth/jwt.ts';

const claims = { sub: 7, name: 'alice', tv: 2 };
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('HS256 tokens', () => {
  it('round-trips claims with iat and exp', () => {
    const t = signToken(claims, 'secret-one', 60, 1_000_000);
    expect(verifyToken(t, 'secret-one', 1_000_000)).toEqual({
      ...claims,
      iat: 1000,
      exp: 1060,
      jti: expect.stringMatching(/^[\w-]{12}$/),
    });
  });

  it('gives two sign-ins in the same second two tokens (a logout of one leaves the other)', () => {
    const a = signToken(claims, 'secret-one', 60, 1_000_000);
    const b = signToken(claims, 'secret-one', 60, 1_000_000);
    expect(a).not.toBe(b);
  });

  it('refuses expired, tampered, foreign and unsigned tokens', () => {
    const t = signToken(claims, 'secret-one', 60, 1_000_000);
    expect(() => verifyToken(t, 'secret-one', 1_060_000)).toThrow('jwt expired');
    expect(() => verifyToken(t, 'secret-two', 1_000_000)).toThrow('invalid token');
    const [h, , s] = t.split('.');
    expect(() =>
      verifyToken(`${h}.${b64({ ...claims, sub: 1, iat: 1000, exp: 9e9 })}.${s}`, 'secret-one'),
    ).toThrow('invalid token');
    expect(() =>
      verifyToken(`${b64({ alg: 'none' })}.${b64({ ...claims, exp: 9e9 })}.`, 'secret-one'),
    ).toThrow('invalid token');
    for (const junk of ['', 'a.b', 'a.b.c.d', '...', 'x'.repeat(5000)]) {
      expect(() => verifyToken(junk, 'secret-one')).toThrow('invalid token');
    }
  });
});
