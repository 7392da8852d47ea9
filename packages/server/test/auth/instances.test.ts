/** Two server instances on one PostgreSQL database share the signing secret and sessions. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/config.ts';
import { listUsers } from '../../src/services/users.ts';
import { openTestDb, pgAvailable } from '../helpers/db.ts';
import { bearer, login, startTestApp } from '../helpers/testApp.ts';

describe.runIf(pgAvailable)('two instances on one PostgreSQL', () => {
  it('verify each other’s tokens, keep one guest account and no secret file', async () => {
    const db = await openTestDb('postgres');
    // Started at once: both look for the guest account and the secret together.
    const [a, b] = await Promise.all(
      [0, 1].map(() => startTestApp('postgres', { libraryRoots: [] }, { database: db })),
    );
    try {
      const token = await login(a!.app, 'guest', 'guest');
      const me = await b!.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(me.json().user).toMatchObject({ loggedIn: true, name: 'guest' });
      expect((await listUsers(db)).filter((u) => u.name === 'guest')).toHaveLength(1);
      for (const app of [a!, b!]) expect(fs.existsSync(paths.secret(app.config))).toBe(false);
    } finally {
      await a?.close();
      await b?.close();
      await db.close();
    }
  });
});

describe('SQLite secret file', () => {
  it('is kept across restarts, so tokens survive them', async () => {
    const db = await openTestDb('sqlite');
    // The data folder outlives the first app: the second is the first restarted.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-secret-'));
    const start = () => startTestApp('sqlite', { dataDir }, { database: db });
    try {
      const first = await start();
      const token = await login(first.app, 'guest', 'guest');
      const secret = fs.readFileSync(paths.secret(first.config), 'utf8');
      await first.close();
      const again = await start();
      try {
        const me = await again.app.inject({ url: '/api/auth/me', headers: bearer(token) });
        expect(me.json().user.name).toBe('guest');
        expect(fs.readFileSync(paths.secret(again.config), 'utf8')).toBe(secret);
        expect(secret.trim().length).toBeGreaterThanOrEqual(32);
      } finally {
        await again.close();
      }
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
