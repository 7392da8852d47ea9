/**
 * kill -9 during writes and scans, on SQLite and PostgreSQL: the real `sasayaki serve` takes
 * concurrent registrations, reviews, progress, playlists, works added to them and tag votes while a full rescan of a
 * changing library runs, and is SIGKILLed at a seeded random moment. Then, before and after a
 * restart: every write the server acknowledged is there, the database is sound (SQLite
 * `integrity_check` and `foreign_key_check`; PostgreSQL `amcheck` on every index), no row points
 * at a missing one, no work is half imported (each has all its files), and the restarted server
 * answers lists and signs the new accounts in. One round per dialect; `npm run test:hardening`
 * (HARDENING_LONG=1) runs five. CRASH_SEED replays a run (the moment of each kill is counted in
 * acknowledged writes, not time, so a slow machine replays the same moments).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Db, openDb } from '../../src/db/connect.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS, PG_URL } from '../helpers/db.ts';
import { tempDir, writeTree } from '../scanner/helpers.ts';
import { type SpawnedServer, spawnServer } from './spawnedServer.ts';

const LONG = !!process.env.HARDENING_LONG;
const ROUNDS = LONG ? 5 : 1;
const SEED = Number(process.env.CRASH_SEED) || Date.now() % 1_000_000;
const WORKERS = 4;
const FILES_PER_WORK = 3;
const TAG_ID = 9001;

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the server said it stored. */
interface Acknowledged {
  users: { name: string; password: string }[];
  reviews: { user: string; workId: number; rating: number | null; progress: string | null }[];
  playlists: { id: string; user: string; works: number[] }[];
  votes: { user: string; workId: number }[];
}

const workDir = (id: number) => `RJ0${id} 作品${id}`;

function addWorks(root: string, ids: number[]): void {
  for (const id of ids) {
    writeTree(root, {
      [`${workDir(id)}/01 はじめに.wav`]: 1,
      [`${workDir(id)}/02 おわり.wav`]: 1,
      [`${workDir(id)}/readme.txt`]: `work ${id}\n`,
    });
  }
}

async function api(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // media or plain text
  }
  return { status: r.status, json };
}

/**
 * One writer until the server dies: registers its own account, then reviews, sets progress,
 * makes playlists and (as its voter, who has an email) attaches the tag. Every (account, work)
 * pair is written once, so a write in flight at the kill can add a row but never change an
 * acknowledged one.
 */
async function writer(base: string, rand: () => number, voter: string, works: number[], ack: Acknowledged) {
  const name = `w_${randomBytes(5).toString('hex')}`;
  const password = 'writer-password';
  const reg = await api(base, 'POST', '/api/auth/reg', { name, password });
  if (reg.status !== 200) return;
  ack.users.push({ name, password });
  const token = reg.json.token as string;
  const voterToken = (await api(base, 'POST', '/api/auth/me', { name: voter, password: 'voter-password' }))
    .json.token as string;
  const reviewed = new Set<number>();
  const voted = new Set<number>();
  for (let i = 0; ; i++) {
    const workId = works[Math.floor(rand() * works.length)] as number;
    const kind = rand();
    if (kind < 0.45 && !reviewed.has(workId)) {
      reviewed.add(workId);
      const rating = rand() < 0.7 ? 1 + Math.floor(rand() * 5) : null;
      const progress = rating === null || rand() < 0.5 ? 'listening' : null;
      const r = await api(base, 'PUT', '/api/review', { work_id: workId, rating, progress }, token);
      if (r.status === 200) ack.reviews.push({ user: name, workId, rating, progress });
    } else if (kind < 0.6 || !ack.playlists.some((p) => p.user === name)) {
      const r = await api(base, 'POST', '/api/playlist/create-playlist', { name: `list ${i}` }, token);
      if (r.status === 200) ack.playlists.push({ id: r.json.id as string, user: name, works: [] });
    } else if (kind < 0.75) {
      // Adding names works strictly (404 for a work not scanned yet): a 200 means it is in.
      const mine = ack.playlists.filter((p) => p.user === name);
      const pl = mine[Math.floor(rand() * mine.length)] as Acknowledged['playlists'][number];
      if (pl.works.includes(workId)) continue;
      const r = await api(
        base,
        'POST',
        '/api/playlist/add-works-to-playlist',
        { id: pl.id, works: [workId] },
        token,
      );
      if (r.status === 200) pl.works.push(workId);
    } else if (voterToken && !voted.has(workId)) {
      voted.add(workId);
      const r = await api(
        base,
        'POST',
        '/api/vote/attach-tags-to-work',
        { workID: workId, tagIDs: [TAG_ID] },
        voterToken,
      );
      if (r.status === 200) ack.votes.push({ user: voter, workId });
    }
  }
}

/** Runs writers and a full rescan until the kill; swallows the connection errors it causes. */
async function writeUntilKilled(
  server: SpawnedServer,
  rand: () => number,
  voters: string[],
  works: number[],
  ack: Acknowledged,
): Promise<void> {
  const base = server.url;
  const admin = (await api(base, 'POST', '/api/auth/me', { name: 'crash_admin', password: 'admin-password' }))
    .json.token as string;
  const work = [
    ...voters.map((v, i) => writer(base, prng(Math.floor(rand() * 2 ** 31) + i), v, works, ack)),
    api(base, 'POST', '/api/admin/rescan', { full: true }, admin),
  ].map((p) => p.catch(() => undefined));
  // The kill comes after a seeded number of acknowledged writes in this round (or 20 s), so it
  // lands among writes whatever the machine's speed, at a different point each round.
  const size = () => ack.users.length + ack.reviews.length + ack.playlists.length + ack.votes.length;
  const target = size() + WORKERS + Math.floor(rand() * 60);
  const until = Date.now() + 20_000;
  while (size() < target && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  await server.kill();
  await Promise.all(work);
}

const nameIds = async (d: Db, names: string[]) => {
  const rows = names.length
    ? await d.selectFrom('users').select(['id', 'name']).where('name', 'in', names).execute()
    : [];
  return new Map(rows.map((r) => [r.name, r.id]));
};

/**
 * The checks after a crash, on a fresh connection. Returns what is wrong. `knownIds` are the works
 * the catalogue may hold: a scan removes vanished works at its end, so after a kill mid-scan a
 * work removed from the disk may still be there (whole); after a complete scan, only the library.
 */
async function problemsIn(d: Db, ack: Acknowledged, knownIds: Set<number>): Promise<string[]> {
  const problems: string[] = [];
  if (d.dialect === 'sqlite') {
    const ic = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(d);
    if (ic.rows.map((r) => r.integrity_check).join() !== 'ok')
      problems.push(`integrity_check: ${JSON.stringify(ic.rows)}`);
    const fk = await sql`pragma foreign_key_check`.execute(d);
    if (fk.rows.length) problems.push(`foreign_key_check: ${JSON.stringify(fk.rows.slice(0, 5))}`);
  } else {
    await sql`create extension if not exists amcheck`.execute(d);
    const idx = await sql<{ name: string }>`select c.relname as name from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where a.amname = 'btree' and n.nspname = 'public'`.execute(d);
    for (const { name } of idx.rows) {
      await sql`select bt_index_check(${sql.lit(name)}::regclass, true)`.execute(d);
    }
    if (!idx.rows.length) problems.push('no indexes found to check');
  }
  // Rows that point at missing ones (PostgreSQL enforces these; the check is the same on both).
  const orphans: [string, string][] = [
    [
      'files',
      'select count(*) as n from files f where not exists (select 1 from works w where w.id = f.work_id)',
    ],
    [
      'work_tags',
      'select count(*) as n from work_tags x where not exists (select 1 from works w where w.id = x.work_id)',
    ],
    [
      'work_vas',
      'select count(*) as n from work_vas x where not exists (select 1 from works w where w.id = x.work_id)',
    ],
    [
      'reviews',
      'select count(*) as n from reviews x where not exists (select 1 from users u where u.id = x.user_id)',
    ],
    [
      'playlist_works',
      'select count(*) as n from playlist_works x where not exists (select 1 from playlists p where p.id = x.playlist_id)',
    ],
    [
      'tag_votes',
      'select count(*) as n from tag_votes x where not exists (select 1 from users u where u.id = x.user_id)',
    ],
  ];
  for (const [table, q] of orphans) {
    const n = Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(d)).rows[0]?.n);
    if (n) problems.push(`${n} rows of ${table} point at nothing`);
  }
  // No half-imported work: every work row has all its files.
  const counts = await d
    .selectFrom('works')
    .leftJoin('files', 'files.work_id', 'works.id')
    .select(['works.id', (eb) => eb.fn.count('files.id').as('n')])
    .groupBy('works.id')
    .execute();
  for (const c of counts) {
    if (Number(c.n) !== FILES_PER_WORK) problems.push(`work ${c.id} has ${c.n} files, not ${FILES_PER_WORK}`);
    if (!knownIds.has(c.id)) problems.push(`work ${c.id} was never in the library`);
  }
  // Every acknowledged write.
  const ids = await nameIds(d, [
    ...new Set([...ack.users.map((u) => u.name), ...ack.votes.map((v) => v.user)]),
  ]);
  for (const u of ack.users) if (!ids.has(u.name)) problems.push(`acknowledged account ${u.name} is missing`);
  for (const r of ack.reviews) {
    const row = await d
      .selectFrom('reviews')
      .select(['rating', 'progress'])
      .where('user_id', '=', ids.get(r.user) ?? -1)
      .where('work_id', '=', r.workId)
      .executeTakeFirst();
    if (!row || row.rating !== r.rating || (row.progress || null) !== r.progress) {
      problems.push(`acknowledged review ${JSON.stringify(r)} is ${JSON.stringify(row)}`);
    }
  }
  for (const p of ack.playlists) {
    const row = await d.selectFrom('playlists').select('id').where('id', '=', p.id).executeTakeFirst();
    if (!row) problems.push(`acknowledged playlist ${p.id} is missing`);
    const rows = await d
      .selectFrom('playlist_works')
      .select('work_id')
      .where('playlist_id', '=', p.id)
      .execute();
    const has = new Set(rows.map((r) => r.work_id));
    const lost = p.works.filter((w) => !has.has(w));
    if (lost.length) problems.push(`acknowledged playlist ${p.id} lost works ${lost.join(', ')}`);
  }
  for (const v of ack.votes) {
    const row = await d
      .selectFrom('tag_votes')
      .select('status')
      .where('user_id', '=', ids.get(v.user) ?? -1)
      .where('work_id', '=', v.workId)
      .where('tag_id', '=', TAG_ID)
      .executeTakeFirst();
    if (!row) problems.push(`acknowledged vote ${JSON.stringify(v)} is missing`);
  }
  return problems;
}

describe.each(DIALECTS)('kill -9 during writes and scans on %s', (dialect) => {
  const root = tempDir('sasayaki-crash-lib-');
  const data = tempDir('sasayaki-crash-data-');
  const pgDb = `crash_${randomBytes(5).toString('hex')}`;
  const databaseUrl = dialect === 'postgres' ? PG_URL.replace(/\/[^/]*$/, `/${pgDb}`) : '';
  const env = { SASAYAKI_LIBRARY: root, SASAYAKI_DATA: data, DATABASE_URL: databaseUrl };
  const open = () =>
    openDb(dialect === 'postgres' ? { databaseUrl } : { sqlitePath: path.join(data, 'sasayaki.db') });
  const voters = Array.from({ length: WORKERS }, (_, i) => `voter_${i}`);
  let nextId = 1_000_001;
  const library = new Set<number>();
  /** Every work ever put in the library, removed ones too. */
  const everAdded = new Set<number>();

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`create database ${pgDb}`);
      await c.end();
    }
    const ids = Array.from({ length: 16 }, () => nextId++);
    addWorks(root, ids);
    for (const id of ids) {
      library.add(id);
      everAdded.add(id);
    }
    const d = await open();
    await createUser(d, { name: 'crash_admin', password: 'admin-password', group: 'administrator' });
    for (const v of voters)
      await createUser(d, { name: v, password: 'voter-password', email: `${v}@example.test` });
    await d.insertInto('tags').values({ id: TAG_ID, name: '囁き', name_ja: '囁き' }).execute();
    // The first library is in the catalogue before the first round, so its writes find works.
    const config = loadConfig(
      {},
      { libraryRoots: [root], dataDir: data, databaseUrl, onlineMetadata: false },
    );
    await scanLibrary({ config, db: d, hooks: scanHooks });
    await d.close();
  }, 120_000);

  afterAll(async () => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(data, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${pgDb} with (force)`);
      await c.end();
    }
  });

  it(
    `keeps every acknowledged write and a sound catalogue over ${ROUNDS} kill${ROUNDS > 1 ? 's' : ''} (seed ${SEED})`,
    async () => {
      const rand = prng(SEED + (dialect === 'postgres' ? 1 : 0));
      const ack: Acknowledged = { users: [], reviews: [], playlists: [], votes: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // The library changes between rounds, so the rescan adds and removes works at the kill.
        const added = Array.from({ length: 8 }, () => nextId++);
        addWorks(root, added);
        for (const id of added) {
          library.add(id);
          everAdded.add(id);
        }
        const removed = [...library].filter(() => rand() < 0.1).slice(0, 4);
        for (const id of removed) {
          fs.rmSync(path.join(root, workDir(id)), { recursive: true, force: true });
          library.delete(id);
        }
        const server = await spawnServer(env);
        await writeUntilKilled(server, rand, voters, [...library], ack);
        const d = await open();
        try {
          expect(await problemsIn(d, ack, everAdded), `round ${round}, seed ${SEED}`).toEqual([]);
        } finally {
          await d.close();
        }
      }
      expect(ack.users.length, 'writes were acknowledged before the kills').toBeGreaterThan(0);
      // The server starts again and answers: lists, a work, and the accounts made before the kills.
      const server = await spawnServer(env);
      try {
        expect((await api(server.url, 'GET', '/api/works')).status).toBe(200);
        const last = ack.users[ack.users.length - 1] as { name: string; password: string };
        const login = await api(server.url, 'POST', '/api/auth/me', last);
        expect(login.status).toBe(200);
        expect(
          (await api(server.url, 'GET', '/api/review', undefined, login.json.token as string)).status,
        ).toBe(200);
        // After a complete scan the catalogue is exactly the library.
        const admin = await api(server.url, 'POST', '/api/auth/me', {
          name: 'crash_admin',
          password: 'admin-password',
        });
        const scan = await api(
          server.url,
          'POST',
          '/api/admin/rescan',
          { wait: true },
          admin.json.token as string,
        );
        expect(scan.status).toBe(200);
        expect((await api(server.url, 'GET', `/api/work/${[...library][0]}`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      const d = await open();
      try {
        expect(await problemsIn(d, ack, library)).toEqual([]);
        const works = await d.selectFrom('works').select('id').execute();
        expect(works.map((w) => w.id).sort()).toEqual([...library].sort());
      } finally {
        await d.close();
      }
      console.log(
        `crash ${dialect}: ${ROUNDS} rounds, acknowledged ${ack.users.length} accounts, ${ack.reviews.length} reviews, ${ack.playlists.length} playlists, ${ack.votes.length} votes`,
      );
    },
    LONG ? 1_800_000 : 600_000,
  );
});
