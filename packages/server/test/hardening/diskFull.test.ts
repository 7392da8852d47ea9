/**
 * A full disk answers 507 `INSUFFICIENT_STORAGE` on every write, on SQLite and PostgreSQL, and
 * the server writes again once there is room (docs/security.md, "Streaming errors").
 *
 * The disk is real: a small tmpfs holds the SQLite file, or a PostgreSQL tablespace that the
 * schema's tables are moved to (PostgreSQL keeps its WAL elsewhere, so only relation growth
 * fails, as on a full data disk). The tmpfs is filled with a file until it refuses a byte.
 * Mounting needs root: elsewhere the test is skipped with a notice.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, dropPgSchema } from '../../src/db/connect.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS, PG_URL, pgSchemaAt } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const WORK_ID = 123456;
const TAG_ID = 77;

function mountTmpfs(dir: string, size: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes into `file` until the file system refuses even 512 more bytes. */
function fill(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
      const block = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

const canMount = (() => {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-mount-probe-'));
  const ok = mountTmpfs(probe, '64k');
  if (ok) execFileSync('umount', [probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  if (!ok) console.warn('[notice] cannot mount a tmpfs here (needs root): the disk-full tests are skipped');
  return ok;
})();

interface Setup extends TestApp {
  /** Fills the disk so the next write that needs room fails. */
  fillDisk(): Promise<void>;
  freeDisk(): void;
  close(): Promise<void>;
}

const pgAdmin = async <T>(f: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
};

async function setUp(dialect: 'sqlite' | 'postgres'): Promise<Setup> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-full-'));
  fs.chmodSync(base, 0o755); // PostgreSQL's own user reaches its tablespace through it
  const disk = path.join(base, 'disk');
  mountTmpfs(disk, dialect === 'sqlite' ? '8m' : '16m');
  const filler = path.join(disk, 'filler');
  const schema = `t_full_${process.pid}_${Date.now() % 100000}`;
  const tablespace = `${schema}_space`;
  const ta = await startTestApp(
    dialect,
    { libraryRoots: [] },
    {
      database:
        dialect === 'sqlite'
          ? { databaseUrl: '', sqlitePath: path.join(disk, 'sasayaki.db'), pgSchema: '' }
          : pgSchemaAt(schema),
    },
  );
  const { db } = ta;
  if (dialect === 'postgres') {
    const space = path.join(disk, 'pg');
    fs.mkdirSync(space);
    execFileSync('chown', ['postgres:postgres', space]);
    await pgAdmin((c) => c.query(`create tablespace ${tablespace} location '${space}'`));
  }
  return {
    ...ta,
    async fillDisk() {
      if (dialect === 'sqlite') {
        // Every later write must append to the WAL: empty it first.
        await sql`pragma wal_checkpoint(truncate)`.execute(db);
      } else {
        await movedToTablespace(db, schema, tablespace);
      }
      fill(filler);
    },
    freeDisk() {
      fs.rmSync(filler, { force: true });
    },
    async close() {
      await ta.close();
      if (dialect === 'postgres') {
        await dropPgSchema(PG_URL, schema);
        await pgAdmin((c) => c.query(`drop tablespace if exists ${tablespace}`));
      }
      execFileSync('umount', ['-l', disk]);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Tables a write adds to, empty at the fill: their first row needs a page the disk lacks. */
const GROWING = ['reviews', 'playlist_works', 'tag_votes', 'feedback', 'recommender_events'];

/** Moves every table and index of the schema into the tablespace; empties GROWING. */
async function movedToTablespace(db: Db, schema: string, tablespace: string): Promise<void> {
  for (const t of GROWING) await sql`truncate ${sql.table(t)}`.execute(db);
  const tables = await sql<{
    t: string;
  }>`select tablename as t from pg_tables where schemaname = ${schema}`.execute(db);
  for (const { t } of tables.rows) {
    await sql`alter table ${sql.table(t)} set tablespace ${sql.raw(tablespace)}`.execute(db);
  }
  const indexes = await sql<{
    i: string;
  }>`select indexname as i from pg_indexes where schemaname = ${schema}`.execute(db);
  for (const { i } of indexes.rows) {
    await sql`alter index ${sql.table(i)} set tablespace ${sql.raw(tablespace)}`.execute(db);
  }
}

describe.skipIf(!canMount).each(DIALECTS)('a full disk on %s', (dialect) => {
  let s: Setup;
  let token: string;
  let voterToken: string;
  let playlistId: string;

  const call = (method: 'POST' | 'PUT', url: string, payload: unknown, auth?: string) =>
    s.app.inject({
      method,
      url,
      payload: payload as object,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
      remoteAddress: '10.9.0.1',
    });

  let password = 'writer-pw';
  let round = 0;
  const changePassword = async () => {
    const next = `${password}+`;
    const r = await call(
      'POST',
      '/api/auth/change-password',
      { oldPassword: password, newPassword: next },
      token,
    );
    if (r.statusCode === 200) {
      password = next;
      token = r.json().token;
    }
    return r;
  };

  const writes = () => [
    {
      what: 'registration',
      table: 'users',
      send: () => call('POST', '/api/auth/reg', { name: `newcomer${round}`, password: 'newcomer-pw' }),
    },
    {
      what: 'review',
      table: 'reviews',
      send: () =>
        call('PUT', '/api/review', { work_id: WORK_ID, rating: 5, review_text: 'x'.repeat(200) }, token),
    },
    {
      what: 'new playlist',
      table: 'playlists',
      send: () => call('POST', '/api/playlist/create-playlist', { name: 'full' }, token),
    },
    {
      what: 'work added to a playlist',
      table: 'playlist_works',
      send: () =>
        call('POST', '/api/playlist/add-works-to-playlist', { id: playlistId, works: [WORK_ID] }, token),
    },
    {
      what: 'tag vote',
      table: 'tag_votes',
      send: () =>
        call('POST', '/api/vote/attach-tags-to-work', { workID: WORK_ID, tagIDs: [TAG_ID] }, voterToken),
    },
    {
      what: 'problem report',
      table: 'feedback',
      send: () =>
        call('POST', '/api/feedback', { work_id: WORK_ID, category: 'other', details: 'y'.repeat(200) }),
    },
    {
      what: 'recommender event',
      table: 'recommender_events',
      send: () =>
        call('POST', '/api/recommender/feedback', {
          type: 'like',
          recommenderUuid: '0b1f3c9e-2d4a-4f7b-9c1e-6a5d8e7f9a0b',
          itemId: WORK_ID,
        }),
    },
    {
      what: 'password change',
      table: 'users',
      send: changePassword,
    },
  ];

  beforeAll(async () => {
    s = await setUp(dialect);
    await seedWorks(s.db, [{ id: WORK_ID, title: 'full disk', tags: [{ id: TAG_ID, name: 'tag' }] }]);
    await createUser(s.db, { name: 'writer', password: 'writer-pw' });
    await createUser(s.db, { name: 'voter', password: 'voter-pw', email: 'voter@example.com' });
    const signIn = async (name: string, password: string) =>
      (await call('POST', '/api/auth/me', { name, password })).json().token as string;
    token = await signIn('writer', 'writer-pw');
    voterToken = await signIn('voter', 'voter-pw');
    playlistId = (await call('POST', '/api/playlist/create-playlist', { name: 'mine' }, token)).json().id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 507 to every write while the disk is full, and writes again once there is room', async () => {
    await s.fillDisk();
    const answers: Record<string, number> = {};
    for (const w of writes()) answers[w.what] = (await w.send()).statusCode;
    // SQLite appends every write to the emptied WAL. PostgreSQL needs room only to grow a
    // relation: the writes into empty tables must get 507, the others 507 or, where the row fit
    // on a page the table already had, 200; never another status.
    const expected = Object.fromEntries(
      writes().map((w) => [
        w.what,
        dialect === 'sqlite' || GROWING.includes(w.table) ? 507 : answers[w.what] === 200 ? 200 : 507,
      ]),
    );
    expect(answers).toEqual(expected);
    // Reading still works.
    expect((await s.app.inject({ url: `/api/work/${WORK_ID}` })).statusCode).toBe(200);

    s.freeDisk();
    round += 1;
    const after: Record<string, number> = {};
    for (const w of writes()) after[w.what] = (await w.send()).statusCode;
    expect(after).toEqual(Object.fromEntries(writes().map((w) => [w.what, 200])));
  });
});
