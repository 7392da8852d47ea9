/**
 * Two server instances on one PostgreSQL schema (a load-balanced deployment): each is its own
 * `buildApp` with its own connection pool and its own data folder, so anything they agree on
 * comes from the database. Accounts and tokens must cross instances, and racing writes split
 * across both must leave exact counters. PostgreSQL only: skipped with the helper's notice when
 * it is unreachable (SQLite is one process by design).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, paths } from '../src/config.ts';
import { dropPgSchema } from '../src/db/connect.ts';
import { createUser } from '../src/services/users.ts';
import { PG_URL, pgAvailable, pgSchemaAt } from './helpers/db.ts';
import { type SeedWork, seedWorks } from './helpers/seed.ts';
import { startTestApp, type TestApp } from './helpers/testApp.ts';
import { tempDir, writeTree } from './scanner/helpers.ts';

type Instance = TestApp;

/** One instance: own pool, own data folder, the shared schema. */
const startInstance = (schema: string, overrides: Partial<Config> = {}) =>
  startTestApp(
    'postgres',
    { libraryRoots: [], onlineMetadata: false, ...overrides },
    { database: pgSchemaAt(schema) },
  );

const newSchema = () => `t_multi_${randomBytes(5).toString('hex')}`;

const TAG = { id: 7, name: '囁き', name_en: 'whispering', name_zh: '耳语' };
/** A tag known to the catalogue (on the last work only) that users add to other works. */
const EXTRA_TAG = { id: 8, name: 'バイノーラル', name_en: 'binaural', name_zh: '双耳' };
const WORKS: SeedWork[] = Array.from({ length: 24 }, (_, i) => ({
  id: 1_000_001 + i,
  source_id: `RJ0${1_000_001 + i}`,
  title: `共有の作品 ${i + 1}`,
  circle: { id: 5000, name: 'ふたりサークル' },
  vas: ['月城ゆかり'],
  tags: i === 23 ? [TAG, EXTRA_TAG] : [TAG],
}));
const WORK = WORKS[0] as SeedWork;

describe.skipIf(!pgAvailable)('two instances on one PostgreSQL schema', () => {
  const schema = newSchema();
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    a = await startInstance(schema);
    b = await startInstance(schema);
    await seedWorks(a.db, WORKS);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropPgSchema(PG_URL, schema);
  });

  /** Request through A for even i, through B for odd i. */
  const via = (i: number) => (i % 2 === 0 ? a : b).app;

  async function call(app: FastifyInstance, opts: InjectOptions, status = 200) {
    const res = await app.inject(opts);
    expect(res.statusCode, `${opts.method ?? 'GET'} ${opts.url}: ${res.body}`).toBe(status);
    return res.json();
  }

  async function loginOn(app: FastifyInstance, name: string, password: string): Promise<string> {
    return (await call(app, { method: 'POST', url: '/api/auth/me', payload: { name, password } })).token;
  }

  /** Users with a bound email (voting needs one), created through the service. */
  async function voters(n: number): Promise<string[]> {
    const tag = randomBytes(3).toString('hex');
    const names = Array.from({ length: n }, (_, i) => `voter_${tag}_${i}`);
    await Promise.all(
      names.map((name) => createUser(a.db, { name, password: 'voter-pass', email: `${name}@example.test` })),
    );
    return Promise.all(names.map((name, i) => loginOn(via(i), name, 'voter-pass')));
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  it('signs with one secret kept in the database, not in either data folder', async () => {
    const rows = await a.db.selectFrom('settings').select('value').where('key', '=', 'jwt_secret').execute();
    expect(rows).toHaveLength(1);
    for (const inst of [a, b]) {
      expect(fs.existsSync(paths.secret(inst.config))).toBe(false);
    }
  });

  it('a user registered through A logs in through B, and each token works on the other', async () => {
    const name = `crossing_${randomBytes(3).toString('hex')}`;
    const reg = await call(a.app, {
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name, password: 'cross-pass' },
    });
    const fromB = await loginOn(b.app, name, 'cross-pass');
    for (const [token, app] of [
      [reg.token as string, b.app],
      [fromB, a.app],
    ] as const) {
      const me = await call(app, { url: '/api/auth/me', headers: auth(token) });
      expect(me.user).toMatchObject({ loggedIn: true, name, group: 'user' });
    }
    // The same name registered through B at once is taken.
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name, password: 'x-pass1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'user name already taken', code: 'NAME_TAKEN' });
  });

  it('the built-in guest signs in on both instances with tokens valid on both', async () => {
    const [ga, gb] = [await loginOn(a.app, 'guest', 'guest'), await loginOn(b.app, 'guest', 'guest')];
    for (const [token, app] of [
      [ga, b.app],
      [gb, a.app],
    ] as const) {
      expect((await call(app, { url: '/api/auth/me', headers: auth(token) })).user.name).toBe('guest');
    }
    const guests = await a.db.selectFrom('users').select('id').where('name', '=', 'guest').execute();
    expect(guests).toHaveLength(1);
  });

  it('one name registered through both instances at once makes one account; the other gets 409', async () => {
    const name = `twin_${randomBytes(3).toString('hex')}`;
    const answers = await Promise.all(
      [a, b, a, b].map((inst) =>
        inst.app.inject({ method: 'POST', url: '/api/auth/reg', payload: { name, password: 'twin-pass' } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ error: 'user name already taken', code: 'NAME_TAKEN' });
    }
    const rows = await a.db.selectFrom('users').select('id').where('name', '=', name).execute();
    expect(rows).toHaveLength(1);
  });

  it('a password change through A ends the older sessions on B', async () => {
    const name = `changer_${randomBytes(3).toString('hex')}`;
    const { token } = await call(a.app, {
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name, password: 'first-pass' },
    });
    await call(b.app, { url: '/api/review', headers: auth(token) });
    const changed = await call(a.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth(token),
      payload: { oldPassword: 'first-pass', newPassword: 'second-pass' },
    });
    const stale = await b.app.inject({ url: '/api/review', headers: auth(token) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
    await call(b.app, { url: '/api/review', headers: auth(changed.token) });
    await loginOn(b.app, name, 'second-pass');
  });

  async function tagCounters(app: FastifyInstance, token?: string) {
    const work = await call(app, { url: `/api/work/${WORK.id}`, ...(token ? { headers: auth(token) } : {}) });
    return work.tags.find((t: { id: number }) => t.id === TAG.id) as {
      upvote: number;
      downvote: number;
      voteStatus: number;
      myVote: number;
    };
  }

  async function storedVotes() {
    const rows = await a.db
      .selectFrom('tag_votes')
      .select('status')
      .where('work_id', '=', WORK.id as number)
      .where('tag_id', '=', TAG.id)
      .execute();
    return { up: rows.filter((r) => r.status === 1).length, down: rows.filter((r) => r.status === 2).length };
  }

  it('racing tag votes split across both instances leave exact counters', async () => {
    const tokens = await voters(10);
    const vote = (i: number, status: number) =>
      call(via(i), {
        method: 'POST',
        url: '/api/vote/vote-work-tag',
        headers: auth(tokens[i] as string),
        payload: { workID: WORK.id, tagID: TAG.id, status },
      });

    await Promise.all(tokens.map((_, i) => vote(i, 1)));
    for (const app of [a.app, b.app])
      expect(await tagCounters(app)).toMatchObject({ upvote: 10, downvote: 0 });

    // Four switch to down, three withdraw, three repeat their up: 3 up, 4 down → downvoted (2).
    const next = [2, 2, 2, 2, 0, 0, 0, 1, 1, 1];
    await Promise.all(next.map((status, i) => vote(i, status)));
    for (const app of [a.app, b.app]) {
      expect(await tagCounters(app)).toMatchObject({ upvote: 3, downvote: 4, voteStatus: 2 });
    }
    expect(await storedVotes()).toEqual({ up: 3, down: 4 });
    expect((await tagCounters(b.app, tokens[0])).myVote).toBe(2);

    // One user sends up and down at the same moment, one through each instance: one of them
    // wins, and the counters still equal the stored votes.
    await Promise.all([vote(4, 1), vote(5, 2)]);
    const racer = tokens[6] as string;
    await Promise.all([
      call(a.app, {
        method: 'POST',
        url: '/api/vote/vote-work-tag',
        headers: auth(racer),
        payload: { workID: WORK.id, tagID: TAG.id, status: 1 },
      }),
      call(b.app, {
        method: 'POST',
        url: '/api/vote/vote-work-tag',
        headers: auth(racer),
        payload: { workID: WORK.id, tagID: TAG.id, status: 2 },
      }),
    ]);
    const stored = await storedVotes();
    expect(stored.up + stored.down).toBe(10);
    expect([
      { up: 5, down: 5 },
      { up: 4, down: 6 },
    ]).toContainEqual(stored);
    for (const app of [a.app, b.app]) {
      expect(await tagCounters(app)).toMatchObject({ upvote: stored.up, downvote: stored.down });
    }
  });

  it('racing tag additions attach the tag once, with every adder’s upvote', async () => {
    const tokens = await voters(4);
    const target = WORKS[2] as SeedWork;
    await Promise.all(
      tokens.map((token, i) =>
        call(via(i), {
          method: 'POST',
          url: '/api/vote/attach-tags-to-work',
          headers: auth(token),
          payload: { workID: target.id, tagIDs: [EXTRA_TAG.id] },
        }),
      ),
    );
    const links = await a.db
      .selectFrom('work_tags')
      .select('tag_id')
      .where('work_id', '=', target.id)
      .where('tag_id', '=', EXTRA_TAG.id)
      .execute();
    expect(links).toHaveLength(1);
    for (const app of [a.app, b.app]) {
      const work = await call(app, { url: `/api/work/${target.id}` });
      const added = work.tags.find((t: { id: number }) => t.id === EXTRA_TAG.id);
      // A user-added tag turns normal (1) once up − down ≥ 2.
      expect(added).toMatchObject({ upvote: 4, downvote: 0, voteStatus: 1 });
    }
  });

  it('racing likes of a public playlist count each liker once', async () => {
    const [owner, ...likers] = await voters(6);
    const created = await call(a.app, {
      method: 'POST',
      url: '/api/playlist/create-playlist',
      headers: auth(owner as string),
      payload: { name: 'everyone’s', privacy: 2 },
    });
    // Every liker likes through both instances at the same moment.
    await Promise.all(
      likers.flatMap((token) =>
        [a, b].map((inst) =>
          call(inst.app, {
            method: 'POST',
            url: '/api/playlist/like-playlist',
            headers: auth(token),
            payload: { id: created.id },
          }),
        ),
      ),
    );
    for (const app of [a.app, b.app]) {
      const meta = await call(app, { url: `/api/playlist/get-playlist-metadata?id=${created.id}` });
      expect(meta.likes_count).toBe(likers.length);
    }
    const liked = await call(b.app, {
      url: '/api/playlist/get-playlists?filterBy=liked',
      headers: auth(likers[0] as string),
    });
    expect(liked.playlists.map((p: { id: string }) => p.id)).toEqual([created.id]);
  });

  it('racing ratings from both instances leave exact site rating counters', async () => {
    const tokens = await voters(8);
    const target = WORKS[1] as SeedWork;
    const ratings = [5, 4, 3, 5, 2, 5, 1, 4];
    await Promise.all(
      ratings.map((rating, i) =>
        call(via(i), {
          method: 'PUT',
          url: '/api/review',
          headers: auth(tokens[i] as string),
          payload: { work_id: target.id, rating, review_text: i < 3 ? `感想 ${i}` : null },
        }),
      ),
    );
    const sum = ratings.reduce((s, r) => s + r, 0);
    for (const app of [a.app, b.app]) {
      const info = await call(app, { url: `/api/workInfo/${target.id}` });
      expect(info.site_rate_count).toBe(ratings.length);
      expect(info.site_rate_average_2dp).toBe(Math.round((sum / ratings.length) * 100) / 100);
      // The store's count (seeded), which this site's reviews leave alone.
      expect(info.review_count).toBe(target.review_count ?? 0);
      expect(info.site_rate_count_detail.map((d: { count: number }) => d.count)).toEqual([1, 1, 1, 2, 3]);
    }
  });

  it('racing playlist adds and removes split across both instances keep exact contents', async () => {
    const [owner] = await voters(1);
    const headers = auth(owner as string);
    const created = await call(a.app, {
      method: 'POST',
      url: '/api/playlist/create-playlist',
      headers,
      payload: { name: 'shared queue' },
    });
    const ids = WORKS.map((w) => w.id);
    const post = (i: number, route: string, works: number[]) =>
      call(via(i), {
        method: 'POST',
        url: `/api/playlist/${route}`,
        headers,
        payload: { id: created.id, works },
      });

    // Every work added once, plus the first work added six more times, all at once.
    await Promise.all([
      ...ids.map((w, i) => post(i, 'add-works-to-playlist', [w])),
      ...Array.from({ length: 6 }, (_, i) => post(i, 'add-works-to-playlist', [ids[0] as number])),
    ]);
    const count = async (app: FastifyInstance) =>
      (await call(app, { url: `/api/playlist/get-playlist-metadata?id=${created.id}`, headers })).works_count;
    expect(await count(a.app)).toBe(ids.length);
    expect(await count(b.app)).toBe(ids.length);

    // Remove the even-indexed works while re-adding the odd ones, interleaved across instances.
    const removed = ids.filter((_, i) => i % 2 === 0);
    const kept = ids.filter((_, i) => i % 2 === 1);
    await Promise.all([
      ...removed.map((w, i) => post(i, 'remove-works-from-playlist', [w])),
      ...kept.map((w, i) => post(i + 1, 'add-works-to-playlist', [w])),
    ]);
    for (const app of [a.app, b.app]) {
      expect(await count(app)).toBe(kept.length);
      const listed = await call(app, {
        url: `/api/playlist/get-playlist-works?id=${created.id}&pageSize=100`,
        headers,
      });
      expect(listed.pagination.totalCount).toBe(kept.length);
      expect(listed.works.map((w: { id: number }) => w.id).sort()).toEqual([...kept].sort());
    }
    const rows = await a.db
      .selectFrom('playlist_works')
      .select('work_id')
      .where('playlist_id', '=', created.id)
      .execute();
    expect(rows.map((r) => r.work_id).sort()).toEqual([...kept].sort());
  });

  it('the default mark-target playlist is created once when both instances race for it', async () => {
    const [owner] = await voters(1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(via(i), {
          url: '/api/playlist/get-default-mark-target-playlist',
          headers: auth(owner as string),
        }),
      ),
    );
    const ids = new Set(answers.map((p) => p.id));
    expect(ids.size).toBe(1);
    const status = await call(b.app, {
      url: `/api/playlist/get-work-exist-status-in-my-playlists?workID=${WORK.id}&version=2`,
      headers: auth(owner as string),
    });
    const marked = status.playlists.filter((p: { id: string }) => ids.has(p.id));
    expect(marked).toHaveLength(1);
    expect(status.playlists.filter((p: { name: string }) => p.name === answers[0].name)).toHaveLength(1);
  });
});

describe.skipIf(!pgAvailable)('two instances starting together on an empty schema', () => {
  it('both come up, migrate once and share one secret and one guest account', async () => {
    // Production uses a database made beforehand by the operator (connect.ts only creates the
    // per-test schemas); the race under test is migrations, the secret row and the guest row.
    const schema = newSchema();
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    const started = await Promise.allSettled([startInstance(schema), startInstance(schema)]);
    try {
      const failures = started.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
      expect(failures).toEqual([]);
      const [a, b] = started.map((s) => (s as PromiseFulfilledResult<Instance>).value) as [
        Instance,
        Instance,
      ];
      const secrets = await a.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .execute();
      expect(secrets).toHaveLength(1);
      const guests = await b.db.selectFrom('users').select('id').where('name', '=', 'guest').execute();
      expect(guests).toHaveLength(1);
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'guest', password: 'guest' },
      });
      const me = await b.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${res.json().token}` },
      });
      expect(me.json().user.name).toBe('guest');
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.close();
      await dropPgSchema(PG_URL, schema);
    }
  });
});

describe.skipIf(!pgAvailable)('two instances sharing one library and one schema', () => {
  const schema = newSchema();
  const library = tempDir('sasayaki-shared-library-');
  let a: Instance;
  let b: Instance;
  let admin: { authorization: string };

  const work = (code: string, title: string) => ({
    [`${code} ${title}/01 はじめに.wav`]: 1,
    [`${code} ${title}/02 耳かき.wav`]: 2,
    [`${code} ${title}/01 はじめに.lrc`]: '[00:00.00]はじめに\n',
    [`${code} ${title}/特典/readme.txt`]: 'おまけ\n',
  });

  beforeAll(async () => {
    writeTree(library, {
      ...work('RJ01000001', '森'),
      ...work('RJ01000002', '海'),
      ...work('RJ01000003', '空'),
    });
    a = await startInstance(schema, { libraryRoots: [library] });
    b = await startInstance(schema, { libraryRoots: [library] });
    await createUser(a.db, { name: 'operator', password: 'operator-pass', group: 'administrator' });
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'operator', password: 'operator-pass' },
    });
    admin = { authorization: `Bearer ${res.json().token}` };
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropPgSchema(PG_URL, schema);
    fs.rmSync(library, { recursive: true, force: true });
  });

  const rescanBoth = (full: boolean) =>
    Promise.all(
      [a, b, a, b].map((inst) =>
        inst.app.inject({
          method: 'POST',
          url: '/api/admin/rescan',
          headers: admin,
          payload: { full, wait: true },
        }),
      ),
    );

  async function trees(inst: Instance) {
    const list = (await inst.app.inject({ url: '/api/works?order=id&sort=asc&pageSize=100' })).json();
    const out: Record<string, unknown> = {};
    for (const w of list.works as { id: number; source_id: string }[]) {
      out[w.source_id] = (await inst.app.inject({ url: `/api/tracks/${w.id}?v=1` })).json();
    }
    return out;
  }

  it('first scans racing on a fresh database report no skipped works', async () => {
    // Two instances started together both scan at startup. Each scan must either write a work
    // or leave it to the other, not fail on it: a work counted as an error here was skipped by
    // that instance.
    const answers = await rescanBoth(true);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect(answers.map((r) => r.json().summary.errors)).toEqual([0, 0, 0, 0]);
  });

  it('scans racing on both instances leave each work and file once, with the same ids', async () => {
    for (const r of await rescanBoth(true)) expect(r.statusCode, r.body).toBe(200);
    const first = await trees(a);
    expect(Object.keys(first).sort()).toEqual(['RJ01000001', 'RJ01000002', 'RJ01000003']);
    expect(await trees(b)).toEqual(first);
    const files = await a.db.selectFrom('files').select(['work_id', 'path']).execute();
    const keys = files.map((f) => `${f.work_id}/${f.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(files.filter((f) => f.path.endsWith('.wav'))).toHaveLength(6);

    // The library changes: one work leaves, one arrives; both instances rescan at once.
    fs.rmSync(path.join(library, 'RJ01000002 海'), { recursive: true });
    writeTree(library, work('RJ01000004', '星'));
    for (const r of await rescanBoth(false)) expect(r.statusCode, r.body).toBe(200);
    const second = await trees(b);
    expect(Object.keys(second).sort()).toEqual(['RJ01000001', 'RJ01000003', 'RJ01000004']);
    // Hashes of the works that stayed are what clients stored: unchanged.
    expect(second.RJ01000001).toEqual(first.RJ01000001);
    expect(second.RJ01000003).toEqual(first.RJ01000003);
    expect(await trees(a)).toEqual(second);
  });

  it('a file id from one instance’s tree downloads the same bytes through the other', async () => {
    const trees = await (async () => {
      const list = (await a.app.inject({ url: '/api/works?order=id&sort=asc&pageSize=100' })).json();
      return Promise.all(
        (list.works as { id: number }[]).map(async (w) =>
          (await a.app.inject({ url: `/api/tracks/${w.id}` })).json(),
        ),
      );
    })();
    type Node = { type: string; hash?: string; size?: number; title: string; children?: Node[] };
    const files = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? files(n.children) : [n]));
    const all = trees.flatMap((t) => files(t as Node[]));
    expect(all.length).toBeGreaterThan(10);
    for (const f of all) {
      const [workId, fileId] = (f.hash as string).split('/');
      const res = await b.app.inject({ url: `/api/media/download/${workId}/${fileId}` });
      expect(res.statusCode, f.hash).toBe(200);
      expect(res.rawPayload.length, f.hash).toBe(f.size);
    }
    // The lowest id is RJ01000001: its file, read from disk, is what B streams.
    const onDisk = fs.readFileSync(path.join(library, 'RJ01000001 森', '02 耳かき.wav'));
    const wav = files(trees[0] as Node[]).find((f) => f.title === '02 耳かき.wav') as Node;
    const res = await b.app.inject({ url: `/api/media/stream/${(wav.hash as string).split('/')[1]}` });
    expect(res.rawPayload.equals(onDisk)).toBe(true);
  });

  it('an account disabled through one instance is refused by the other at once', async () => {
    const user = await createUser(a.db, { name: 'disabled_everywhere', password: 'disabled-pass' });
    const signIn = await b.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'disabled_everywhere', password: 'disabled-pass' },
    });
    const headers = { authorization: `Bearer ${signIn.json().token}` };
    expect((await b.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
    const off = await a.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/disabled`,
      headers: admin,
      payload: { disabled: true },
    });
    expect(off.statusCode).toBe(200);
    // No waiting: the token check reads the account on every request.
    expect((await b.app.inject({ url: '/api/auth/me', headers })).json().code).toBe('JWT_EXPIRED');
  });

  it('server settings switched through one instance apply on the other within a second', async () => {
    const put = (url: string, payload: object) =>
      a.app
        .inject({ method: 'PUT', url, headers: admin, payload })
        .then((r) => expect(r.statusCode).toBe(200));
    // Each instance caches the settings for at most RELOAD_MS (siteSettings.ts).
    const onB = (url: string) =>
      expect.poll(async () => (await b.app.inject({ url })).body, { timeout: 5_000 });
    try {
      await put('/api/admin/maintenance', { html: '<p>メンテナンス</p>' });
      await onB('/api/health').toBe(JSON.stringify({ html: '<p>メンテナンス</p>', code: 'MAINTENANCE' }));
      expect((await b.app.inject({ url: '/api/health' })).statusCode).toBe(503);
      await put('/api/admin/registration', { enabled: false });
      await onB('/api/auth/reg').toBe(JSON.stringify({ reg: false }));
      const reg = await b.app.inject({
        method: 'POST',
        url: '/api/auth/reg',
        payload: { name: 'latecomer', password: 'late-pass' },
      });
      expect(reg.statusCode).toBe(403);
    } finally {
      await put('/api/admin/maintenance', { html: null });
      await put('/api/admin/registration', { enabled: null });
    }
    await onB('/api/health').toBe('OK');
    await onB('/api/auth/reg').toBe(JSON.stringify({ reg: true }));
  });
});
