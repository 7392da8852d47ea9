/** Two server instances on one PostgreSQL database share the signing secret and sessions. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, paths } from '../../src/config.ts';
import { openDb } from '../../src/db/connect.ts';
import { listUsers } from '../../src/services/users.ts';
import { openTestDb, PG_URL, pgAvailable } from '../helpers/db.ts';
import { bearer, login } from './appHelper.ts';

describe.runIf(pgAvailable)('two instances on one PostgreSQL', () => {
  it('verify each other’s tokens, keep one guest account and no secret file', async () => {
    const first = await openTestDb('postgres');
    const second = await openDb({ databaseUrl: PG_URL, pgSchema: first.pgSchema, poolSize: 2 });
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-inst-')));
    const configs = dirs.map((dataDir) => loadConfig({}, { dataDir, libraryRoots: [], watchLibrary: false }));
    const [a, b] = await Promise.all([
      buildApp({ config: configs[0]!, db: first, logger: false }),
      buildApp({ config: configs[1]!, db: second, logger: false }),
    ]);
    try {
      await Promise.all([a.ready(), b.ready()]);
      const token = await login(a, 'guest', 'guest');
      const me = await b.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(me.json().user).toMatchObject({ loggedIn: true, name: 'guest' });
      expect((await listUsers(first)).filter((u) => u.name === 'guest')).toHaveLength(1);
      for (const c of configs) expect(fs.existsSync(paths.secret(c))).toBe(false);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await first.close();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('SQLite secret file', () => {
  it('is kept across restarts, so tokens survive them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-secret-'));
    const config = loadConfig({}, { dataDir, libraryRoots: [], watchLibrary: false });
    const dbFile = path.join(dataDir, 'db.sqlite');
    try {
      const db1 = await openDb({ sqlitePath: dbFile });
      const app1 = await buildApp({ config, db: db1, logger: false });
      const token = await login(app1, 'guest', 'guest');
      const secret = fs.readFileSync(paths.secret(config), 'utf8');
      await app1.close();
      await db1.close();
      const db2 = await openDb({ sqlitePath: dbFile });
      const app2 = await buildApp({ config, db: db2, logger: false });
      const me = await app2.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(me.json().user.name).toBe('guest');
      expect(fs.readFileSync(paths.secret(config), 'utf8')).toBe(secret);
      expect(secret.trim().length).toBeGreaterThanOrEqual(32);
      await app2.close();
      await db2.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
