/**
 * Names that read like a taken one (issue 20 §4), on SQLite and PostgreSQL. Before: Cyrillic
 * `admіn1` was registered beside `admin1`. Now a new name whose UTS #39 confusables skeleton equals
 * an existing name's is refused with 409, and names that merely differ are still free.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors.ts';
import { nameSkeleton } from '../../src/names.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { login, startTestApp, type TestApp } from '../helpers/testApp.ts';

/** Characters of other scripts (and digit/letter pairs) that read like these Latin ones. */
const LOOKALIKES: Record<string, string[]> = {
  a: ['а', 'ɑ', 'ａ'],
  c: ['с', 'ϲ'],
  e: ['е', 'ｅ'],
  i: ['і', 'ı', 'ɩ'],
  j: ['ј'],
  l: ['1', '|', 'ǀ'],
  o: ['о', 'ο', '0'],
  p: ['р', 'ρ'],
  s: ['ѕ'],
  x: ['х'],
  y: ['у'],
  m: ['rn'],
};
const LETTERS = Object.keys(LOOKALIKES).join('');

describe.each(DIALECTS)('look-alike names on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (name: string, remoteAddress = '10.60.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name, password: 'look-alike' },
      remoteAddress,
    });

  it('refuses Cyrillic admіn1 beside admin1, and other spellings that read alike', async () => {
    expect((await register('admin1')).statusCode).toBe(200);
    for (const [i, name] of ['admіn1', 'adrnin1', 'admin１', 'ADMІN1', 'аdmin1'].entries()) {
      const r = await register(name, `10.60.1.${i}`);
      expect(r.statusCode, name).toBe(409);
      expect(r.json().code).toBe('NAME_TAKEN');
    }
    // A different name is free, and the account itself signs in as before.
    expect((await register('admin2', '10.60.2.1')).statusCode).toBe(200);
    expect(await login(t.app, 'admin1', 'look-alike')).toBeTruthy();
  });

  it('refuses every look-alike of a taken name and accepts names that read differently', async () => {
    const base = fc.stringMatching(new RegExp(`^[${LETTERS}]{5,10}$`));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(base, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), async (name, picks) => {
        n += 1;
        const owner = `${name}_${n}`;
        await createUser(t.db, { name: owner, password: 'owner-pass' });
        // Replace some letters by look-alikes of another script.
        const chars = [...owner];
        for (const p of picks) {
          const at = p % name.length;
          const options = LOOKALIKES[chars[at] as string];
          if (options) chars[at] = options[p % options.length] as string;
        }
        const lookalike = chars.join('');
        expect(nameSkeleton(lookalike)).toBe(nameSkeleton(owner));
        const refused = await createUser(t.db, { name: lookalike, password: 'other-pass' }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(refused).toBeInstanceOf(HttpError);
        expect((refused as HttpError).code).toBe('NAME_TAKEN');
        // One more letter reads differently: free.
        await createUser(t.db, { name: `${owner}q`, password: 'other-pass' });
      }),
      { numRuns: 12, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  }, 120_000);
});
