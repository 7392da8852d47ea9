/** Look-alike and invisible account names, and the migration that gives older rows their key. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrations.ts';
import { hasInvisibleCharacters, nameKey } from '../../src/names.ts';
import { createUser, hashPassword } from '../../src/services/users.ts';
import { DIALECTS, openTestDb } from '../helpers/db.ts';
import { login, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('name keys', () => {
  it('fold case and compatibility forms', () => {
    expect(nameKey('Guest')).toBe('guest');
    expect(nameKey('  ＡＤＭＩＮ１ ')).toBe('admin1');
    expect(nameKey('ﬁona')).toBe('fiona');
    expect(nameKey('さくら')).toBe('さくら');
  });

  it('find characters nobody can see', () => {
    for (const c of [
      '\u200b',
      '\u200d',
      '\u202e',
      '\u2060',
      '\ufeff',
      '\u0007',
      '\u3164',
      '\ufe0f',
      '\u{e0001}',
    ]) {
      expect(hasInvisibleCharacters(`admin${c}1`), JSON.stringify(c)).toBe(true);
    }
    expect(hasInvisibleCharacters('admin 1')).toBe(false);
    expect(hasInvisibleCharacters('さくら・みなせ')).toBe(false);
  });
});

describe.each(DIALECTS)('registering names (%s)', (dialect) => {
  let t: TestApp;
  const register = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name, password: 'password-1' },
      remoteAddress: `10.5.0.${Math.floor(Math.random() * 250)}`,
    });
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('refuses names that look like a taken one', async () => {
    expect((await register('admin1')).statusCode).toBe(200);
    for (const lookalike of ['Guest', 'GUEST', 'Admin1', 'ａｄｍｉｎ１']) {
      const res = await register(lookalike);
      expect(res.statusCode, lookalike).toBe(409);
      expect(res.json()).toEqual({ error: 'user name already taken', code: 'NAME_TAKEN' });
    }
  });

  it('refuses invisible and control characters with a clear 400', async () => {
    for (const name of ['admin1\u200b', 'ad\u202emin2', 'tab\tname', '\u3164\u3164\u3164\u3164\u3164']) {
      const res = await register(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({
        error: 'name must not contain invisible or control characters',
        code: 'NAME_INVISIBLE_CHARACTERS',
      });
    }
  });

  it('signs in whatever the case of the name', async () => {
    expect(await login(t.app, 'ADMIN1', 'password-1')).toBeTruthy();
  });
});

describe.each(DIALECTS)('the name-key migration on older rows (%s)', (dialect) => {
  it('keys existing accounts, keeping alike pairs and invisible names able to sign in', async () => {
    const db = await openTestDb(dialect);
    try {
      // Back to the schema before the migration, with rows it allowed.
      await db.schema.dropIndex('users_by_name_key').execute();
      await db.schema.alterTable('users').dropColumn('name_key').execute();
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '002_user_name_key' as never)
        .execute();
      const hash = await hashPassword('password-1');
      for (const name of ['Alice', 'alice', 'bob\u200bby']) {
        await db
          .insertInto('users')
          .values({
            name,
            password_hash: hash,
            email: null,
            recommender_uuid: name,
            created_at: 0,
            updated_at: 0,
          })
          .execute();
      }
      await migrateToLatest(db, dialect, db.pgSchema || undefined);

      const keys = await db.selectFrom('users').select(['name', 'name_key']).orderBy('id').execute();
      expect(keys).toEqual([
        { name: 'Alice', name_key: 'alice' },
        { name: 'alice', name_key: expect.stringMatching(/^alice#\d+$/) },
        { name: 'bob\u200bby', name_key: 'bob\u200bby' },
      ]);
      // A new look-alike of the older names is refused by the unique key.
      await expect(createUser(db, { name: 'ALICE', password: 'password-1' })).rejects.toThrow(
        'user name already taken',
      );
    } finally {
      await db.close();
    }
  });

  it('signs older accounts in by their exact names', async () => {
    const t = await startTestApp(dialect);
    try {
      const hash = await hashPassword('password-1');
      // Rows as an older server wrote them: no key.
      for (const name of ['Carol', 'dave\u200bd']) {
        await t.db
          .insertInto('users')
          .values({
            name,
            password_hash: hash,
            email: null,
            recommender_uuid: name,
            created_at: 0,
            updated_at: 0,
          })
          .execute();
      }
      expect(await login(t.app, 'Carol', 'password-1')).toBeTruthy();
      expect(await login(t.app, 'dave\u200bd', 'password-1')).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
