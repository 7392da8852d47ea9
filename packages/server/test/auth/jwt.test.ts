import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../src/auth/jwt.ts';

const claims = { sub: 7, name: 'alice', tv: 2, sid: 'session-1' };
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

  it('refuses every other spelling of a good token: padding, spare bits, other alphabets', () => {
    const t = signToken(claims, 'secret-one', 60, 1_000_000);
    expect(verifyToken(t, 'secret-one', 1_000_000).sub).toBe(7);
    const [h, b, s] = t.split('.') as [string, string, string];
    // A 32-byte signature is 43 characters: the last one carries 4 bits and 2 spare ones.
    const last = s.at(-1) as string;
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = [...ALPHABET].filter(
      (c) => c !== last && ALPHABET.indexOf(c) >> 2 === ALPHABET.indexOf(last) >> 2,
    );
    expect(sameBits).toHaveLength(3);
    const spellings = [
      `${t}=`,
      `${t}==`,
      ...sameBits.map((c) => `${h}.${b}.${s.slice(0, -1)}${c}`),
      `${h}=.${b}.${s}`,
      `${h}.${b}=.${s}`,
      `${h}.${b}.${Buffer.from(s, 'base64url').toString('base64')}`,
      `${h}.${b}.${s} `,
    ];
    for (const other of spellings) {
      expect(() => verifyToken(other, 'secret-one', 1_000_000), other).toThrow('invalid token');
    }
  });
});
