/**
 * Backups (services/backups.ts) on a real SQLite file and a real PostgreSQL schema: a backup
 * taken while listeners write restores to a sound database; one taken at rest restores to
 * exactly its counts; a changed byte, a cut file, a foreign file or the other dialect's backup
 * is refused with nothing changed; the schedule keeps the newest N; the console's routes are
 * the administrator's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/auth/principal.ts';
import { paths } from '../../src/config.ts';
import { BackupRefused, BackupScheduler, restoreBackup, takeBackup } from '../../src/services/backups.ts';
import { createPlaylist } from '../../src/services/playlists.ts';
import { putReview } from '../../src/services/reviews.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { bearer, login, startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';

const WORKS = Array.from({ length: 40 }, (_, i) => ({ id: 300_001 + i, title: `work ${i}` }));
const TABLES = ['works', 'users', 'reviews', 'playlists', 'audit_log'] as const;

type Counts = Record<(typeof TABLES)[number], number>;

async function counts(t: TestApp): Promise<Counts> {
  const out = {} as Counts;
  for (const table of TABLES) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
    out[table] = Number(r.rows[0]!.n);
  }
  return out;
}

/** Writes reviews and playlists from several accounts until stopped; answers how many were acknowledged. */
function writers(t: TestApp, listeners: Principal[]) {
  let stop = false;
  let acknowledged = 0;
  const loops = listeners.map(async (viewer, i) => {
    for (let n = 0; !stop; n++) {
      const work = WORKS[(n * 7 + i) % WORKS.length]!.id;
      await putReview(t.db, viewer, work, { rating: 1 + (n % 5), review_text: `take ${n}` });
      if (n % 3 === 0) await createPlaylist(t.db, viewer, { name: `list ${i}-${n}` });
      acknowledged++;
      // SQLite answers within microtasks: a turn of the event loop lets the backup's steps run.
      await new Promise((r) => setImmediate(r));
    }
  });
  return {
    async stop() {
      stop = true;
      await Promise.all(loops);
      return acknowledged;
    },
  };
}

async function integrityOk(t: TestApp): Promise<void> {
  if (t.db.dialect === 'sqlite') {
    const r = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db);
    expect(r.rows.map((x) => x.integrity_check)).toEqual(['ok']);
    expect((await sql`pragma foreign_key_check`.execute(t.db)).rows).toEqual([]);
  }
  // Both: every review names an account and a work that exist.
  const orphans = await sql<{ n: number }>`select count(*) as n from reviews r
    where not exists (select 1 from users u where u.id = r.user_id)
       or not exists (select 1 from works w where w.id = r.work_id)`.execute(t.db);
  expect(Number(orphans.rows[0]!.n)).toBe(0);
}

describe.each(DIALECTS)('backups on %s', (dialect) => {
  let t: TestApp;
  let admin: Principal;
  let listeners: Principal[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, WORKS);
    admin = await viewerOf(
      t.db,
      (await createUser(t.db, { name: 'keeper', password: 'keeper-password', group: 'administrator' })).id,
    );
    listeners = [];
    for (const name of ['ears1', 'ears2', 'ears3']) {
      listeners.push(
        await viewerOf(t.db, (await createUser(t.db, { name, password: 'listener-password' })).id),
      );
    }
  });
  afterAll(() => t?.close());

  const fileOf = (name: string) => path.join(paths.backups(t.config), name);

  it('takes a backup while listeners write, and it restores to a sound database between the before and after', async () => {
    const w = writers(t, listeners);
    await new Promise((r) => setTimeout(r, 150));
    const before = await counts(t);
    const backup = await takeBackup(t.app.ctx, admin);
    const acknowledged = await w.stop();
    const after = await counts(t);
    expect(acknowledged).toBeGreaterThan(10);
    expect(after.reviews + after.playlists).toBeGreaterThan(before.reviews + before.playlists);
    expect(fs.statSync(fileOf(backup.name)).mode & 0o777).toBe(0o600);

    await restoreBackup(t.config, t.db, fileOf(backup.name));
    const restored = await counts(t);
    for (const table of ['reviews', 'playlists'] as const) {
      expect(restored[table]).toBeGreaterThanOrEqual(before[table]);
      expect(restored[table]).toBeLessThanOrEqual(after[table]);
    }
    expect(restored.works).toBe(WORKS.length);
    await integrityOk(t);
  });

  it('restores a backup taken at rest to exactly its counts, the secret included', async () => {
    const atBackup = await counts(t);
    const backup = await takeBackup(t.app.ctx, admin);
    const secretFile = paths.secret(t.config);
    const secretBefore = dialect === 'sqlite' ? fs.readFileSync(secretFile, 'utf8') : '';
    await putReview(t.db, listeners[0]!, WORKS[0]!.id, { rating: 5, review_text: 'after the backup' });
    await createPlaylist(t.db, listeners[1]!, { name: 'made after the backup' });
    await t.db.deleteFrom('works').where('id', '=', WORKS[1]!.id).execute();
    if (dialect === 'sqlite') fs.writeFileSync(secretFile, 'x'.repeat(64));

    await restoreBackup(t.config, t.db, fileOf(backup.name));
    const restored = await counts(t);
    // The restore itself is audited: one more audit entry than at the backup's moment (its own
    // entry `backup.create` was written after the dump, so it is not inside).
    expect(restored).toEqual({ ...atBackup, audit_log: atBackup.audit_log + 1 });
    const last = await t.db
      .selectFrom('audit_log')
      .select('action')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.action).toBe('backup.restore');
    if (dialect === 'sqlite') expect(fs.readFileSync(secretFile, 'utf8')).toBe(secretBefore);
    await integrityOk(t);
    // The restored database takes writes again.
    await putReview(t.db, listeners[2]!, WORKS[2]!.id, { rating: 4 });
  });

  it('refuses a changed byte, a cut file, a foreign file and the other dialect, changing nothing', async () => {
    const backup = await takeBackup(t.app.ctx, admin);
    const good = fs.readFileSync(fileOf(backup.name));
    const dir = t.dir;
    const variants: Record<string, Buffer> = {
      flipped: Buffer.from(good.map((b, i) => (i === good.length - 40 ? b ^ 0xff : b))),
      cut: good.subarray(0, Math.floor(good.length * 0.8)),
      foreign: Buffer.from('SQLite format 3\u0000 not ours at all'),
      empty: Buffer.alloc(0),
      otherDialect: Buffer.from(
        good
          .toString('latin1')
          .replace(`"dialect":"${dialect}"`, `"dialect":"${dialect === 'sqlite' ? 'postgres' : 'sqlite'}"`),
        'latin1',
      ),
    };
    const at = await counts(t);
    for (const [name, bytes] of Object.entries(variants)) {
      const file = path.join(dir, `${name}.sasayaki-backup`);
      fs.writeFileSync(file, bytes);
      await expect(restoreBackup(t.config, t.db, file), name).rejects.toBeInstanceOf(BackupRefused);
    }
    expect(await counts(t)).toEqual(at);
    await integrityOk(t);
  });

  it('takes scheduled backups when due and keeps the newest backupKeep of them; backups taken by hand stay', async () => {
    await t.app.ctx.settings.write({ backupIntervalHours: 1, backupKeep: 2 });
    const scheduler = new BackupScheduler(t.app.ctx, () => true);
    expect(await scheduler.tick(scheduler.startedAt + 10 * 60_000)).toBeNull();
    const made: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const b = await scheduler.tick(Date.now() + i * 2 * 3_600_000);
      expect(b?.trigger).toBe('scheduled');
      made.push(b!.name);
    }
    const left = fs.readdirSync(paths.backups(t.config));
    expect(left.filter((n) => n.endsWith('-scheduled.sasayaki-backup')).sort()).toEqual(made.slice(1).sort());
    expect(left.filter((n) => n.endsWith('-manual.sasayaki-backup')).length).toBeGreaterThanOrEqual(3);
    await t.app.ctx.settings.write({ backupIntervalHours: 0 });
    expect(await scheduler.tick(Date.now() + 100 * 3_600_000)).toBeNull();
  });

  it('lists, downloads and deletes through the console routes, for administrators only', async () => {
    const token = await login(t.app, 'keeper', 'keeper-password');
    const listenerToken = await login(t.app, 'ears1', 'listener-password');
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(token) });
    expect(made.statusCode, made.body).toBe(200);
    const { name } = made.json().backup;
    const list = await t.app.inject({ url: '/api/admin/backups', headers: bearer(token) });
    expect(list.json().backups[0].name).toBe(name);
    expect(list.json().missingTools).toEqual([]);

    const file = await t.app.inject({ url: `/api/admin/backups/${name}?token=${token}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(fs.readFileSync(fileOf(name)))).toBe(true);
    // A download cut off is resumed where it stopped.
    const resumed = await t.app.inject({
      url: `/api/admin/backups/${name}`,
      headers: { ...bearer(token), range: 'bytes=0-17' },
    });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.body).toBe('SASAYAKI-BACKUP 1\n');

    for (const url of ['/api/admin/backups', `/api/admin/backups/${name}`]) {
      expect((await t.app.inject({ url, headers: bearer(listenerToken) })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const sneaky = await t.app.inject({ url: '/api/admin/backups/..%2fsasayaki.db', headers: bearer(token) });
    expect(sneaky.statusCode).toBe(400);
    const unknown = await t.app.inject({
      url: '/api/admin/backups/sasayaki-20000101-000000-manual.sasayaki-backup',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/backups/${name}`,
      headers: bearer(token),
    });
    expect(gone.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(name))).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/backups/${name}`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
  });
});
