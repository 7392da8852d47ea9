/**
 * Every mutating endpoint × every role, through the real HTTP API. Roles: anonymous, guest, a
 * user without email (plain), another user with email (other), the owner of the targets (owner)
 * and an administrator (admin). Each row restores the state it needs first, so rows are
 * independent; after the table, the owner's review, vote and private playlist are checked
 * untouched by everyone else.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaylist, ensureSystemPlaylists, setLike } from '../../src/services/playlists.ts';
import { putReview } from '../../src/services/reviews.ts';
import { createUser } from '../../src/services/users.ts';
import { voteWorkTag } from '../../src/services/votes.ts';
import { CATALOGUE, TAG } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { restorePrivatePlaylist, seedWorks } from '../helpers/seed.ts';
import { account, login, startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';

const ROLES = ['anonymous', 'guest', 'plain', 'other', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** Expected status per role; a string is a 4xx status with that exact `{error}`. */
type Expect = Record<Role, number | [number, string]>;

interface Ctx {
  t: TestApp;
  ownerId: number;
  privateId: string;
  unlistedId: string;
  markedId: string;
}

interface Row {
  name: string;
  /** Puts back the state the request needs (runs before each role). */
  setup?: (c: Ctx) => Promise<void>;
  request: (c: Ctx, role: Role) => InjectOptions;
  expect: Expect;
}

const W = 100001;
const all = (status: number | [number, string], over: Partial<Expect> = {}): Expect => ({
  anonymous: [401, 'No authorization token was found'],
  guest: status,
  plain: status,
  other: status,
  owner: status,
  admin: status,
  ...over,
});
const PL_NOT_FOUND: [number, string] = [404, 'playlist not found'];
const adminOnly = (ok = 200): Expect => all([403, 'administrator only'], { admin: ok });

async function ensureVictim(c: Ctx): Promise<void> {
  const exists = await c.t.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', 'victim')
    .executeTakeFirst();
  if (!exists) await createUser(c.t.db, { name: 'victim', password: 'victim-password' });
}

const resetPrivate = (c: Ctx) => restorePrivatePlaylist(c.t.db, c.privateId, c.ownerId);

const ROWS: Row[] = [
  {
    name: 'PUT /api/review',
    request: () => ({ method: 'PUT', url: '/api/review', payload: { work_id: W + 1, rating: 3 } }),
    expect: all(200),
  },
  {
    name: 'DELETE /api/review (only the owner has one)',
    setup: async (c) =>
      putReview(c.t.db, await viewerOf(c.t.db, c.ownerId), W, { rating: 5, review_text: 'mine' }),
    request: () => ({ method: 'DELETE', url: `/api/review?work_id=${W}` }),
    expect: all([404, 'no review of this work'], { owner: 200 }),
  },
  {
    name: 'POST /api/vote/vote-work-tag',
    request: () => ({
      method: 'POST',
      url: '/api/vote/vote-work-tag',
      payload: { workID: W, tagID: TAG.healing, status: 2 },
    }),
    expect: all(200, { guest: [403, 'guest cannot vote'], plain: [403, 'must bind email first'] }),
  },
  {
    name: 'POST /api/vote/attach-tags-to-work',
    request: () => ({
      method: 'POST',
      url: '/api/vote/attach-tags-to-work',
      payload: { workID: W, tagIDs: [TAG.drama] },
    }),
    expect: all(200, { guest: [403, 'guest cannot vote'], plain: [403, 'must bind email first'] }),
  },
  {
    name: 'create-playlist',
    request: () => ({ method: 'POST', url: '/api/playlist/create-playlist', payload: { name: 'New list' } }),
    expect: all(200, { guest: [403, 'guest cannot create playlist'] }),
  },
  {
    name: 'edit-playlist-metadata (private)',
    setup: resetPrivate,
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/edit-playlist-metadata',
      payload: { id: c.privateId, description: 'x' },
    }),
    expect: all(PL_NOT_FOUND, { owner: 200 }),
  },
  {
    name: 'edit-playlist-metadata (unlisted)',
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/edit-playlist-metadata',
      payload: { id: c.unlistedId, description: 'y' },
    }),
    expect: all([403, 'only the owner can change this playlist'], { owner: 200 }),
  },
  {
    name: 'edit-playlist-metadata (rename the owner’s Marked)',
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/edit-playlist-metadata',
      payload: { id: c.markedId, name: 'Renamed' },
    }),
    expect: all(PL_NOT_FOUND, { owner: [403, 'cannot rename system playlist'] }),
  },
  {
    name: 'delete-playlist (the owner’s Marked)',
    request: (c) => ({ method: 'POST', url: '/api/playlist/delete-playlist', payload: { id: c.markedId } }),
    expect: all(PL_NOT_FOUND, { owner: [403, 'cannot create or delete system playlist'] }),
  },
  {
    name: 'add-works-to-playlist (private)',
    setup: resetPrivate,
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/add-works-to-playlist',
      payload: { id: c.privateId, works: [W] },
    }),
    expect: all(PL_NOT_FOUND, { owner: 200 }),
  },
  {
    name: 'add-works-to-playlist (unlisted)',
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/add-works-to-playlist',
      payload: { id: c.unlistedId, works: [W] },
    }),
    expect: all([403, 'only the owner can change this playlist'], { owner: 200 }),
  },
  {
    name: 'remove-works-from-playlist (private)',
    setup: resetPrivate,
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/remove-works-from-playlist',
      payload: { id: c.privateId, works: [W] },
    }),
    expect: all(PL_NOT_FOUND, { owner: 200 }),
  },
  {
    name: 'like-playlist (unlisted)',
    request: (c) => ({ method: 'POST', url: '/api/playlist/like-playlist', payload: { id: c.unlistedId } }),
    expect: all(200, { owner: [403, 'cannot like own playlist'] }),
  },
  {
    name: 'like-playlist (private)',
    setup: resetPrivate,
    request: (c) => ({ method: 'POST', url: '/api/playlist/like-playlist', payload: { id: c.privateId } }),
    expect: all(PL_NOT_FOUND, { owner: [403, 'cannot like own playlist'] }),
  },
  {
    name: 'remove-like-playlist (private, never liked)',
    setup: resetPrivate,
    request: (c) => ({
      method: 'POST',
      url: '/api/playlist/remove-like-playlist',
      payload: { id: c.privateId },
    }),
    expect: all(PL_NOT_FOUND, { owner: 200 }),
  },
  {
    name: 'delete-playlist (private)',
    setup: resetPrivate,
    request: (c) => ({ method: 'POST', url: '/api/playlist/delete-playlist', payload: { id: c.privateId } }),
    expect: all(PL_NOT_FOUND, { owner: 200 }),
  },
  {
    name: 'change-password (same password again)',
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { oldPassword: passwordOf(role), newPassword: passwordOf(role) },
    }),
    expect: all(200, { guest: [403, 'guest cannot change password'] }),
  },
  {
    name: 'GET /api/auth/app-passwords',
    request: () => ({ method: 'GET', url: '/api/auth/app-passwords' }),
    expect: all(200, { guest: [403, 'guest cannot create app passwords'] }),
  },
  {
    name: 'POST /api/auth/app-passwords',
    request: () => ({ method: 'POST', url: '/api/auth/app-passwords', payload: { name: 'Phone' } }),
    expect: all(200, { guest: [403, 'guest cannot create app passwords'] }),
  },
  {
    name: 'DELETE /api/auth/app-passwords/:id (none of the caller’s)',
    request: () => ({ method: 'DELETE', url: '/api/auth/app-passwords/999999' }),
    expect: all([404, 'app password not found'], { guest: [403, 'guest cannot create app passwords'] }),
  },
  {
    name: 'email/request-link',
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/auth/email/request-link',
      payload: { email: `${role}.new@example.org` },
    }),
    expect: all([409, 'must unlink email first'], { guest: [403, 'guest cannot link email'], plain: 200 }),
  },
  {
    name: 'email/unlink',
    setup: async (c) => {
      for (const role of ['other', 'owner', 'admin'] as const) {
        await c.t.db
          .updateTable('users')
          .set({ email: `${role}@example.org` })
          .where('name', '=', nameOf(role))
          .execute();
      }
    },
    request: () => ({ method: 'POST', url: '/api/auth/email/unlink' }),
    expect: all(200, { guest: [403, 'guest cannot link email'], plain: [400, 'no email is linked'] }),
  },
  {
    name: 'POST /api/recommender/feedback (public)',
    request: () => ({
      method: 'POST',
      url: '/api/recommender/feedback',
      payload: { type: 'start', recommenderUuid: '00000000-0000-4000-8000-000000000001', itemId: W },
    }),
    expect: all(200, { anonymous: 200 }),
  },
  {
    name: 'admin: set-group',
    setup: ensureVictim,
    request: () => ({
      method: 'POST',
      url: '/api/admin/users/set-group',
      payload: { name: 'victim', group: 'user' },
    }),
    expect: adminOnly(),
  },
  {
    name: 'admin: set-password',
    setup: ensureVictim,
    request: () => ({
      method: 'POST',
      url: '/api/admin/users/set-password',
      payload: { name: 'victim', password: 'victim-password' },
    }),
    expect: adminOnly(),
  },
  {
    name: 'admin: delete user',
    setup: ensureVictim,
    request: () => ({ method: 'POST', url: '/api/admin/users/delete', payload: { name: 'victim' } }),
    expect: adminOnly(),
  },
  {
    name: 'admin: maintenance',
    request: () => ({ method: 'PUT', url: '/api/admin/maintenance', payload: { html: null } }),
    expect: adminOnly(),
  },
  {
    name: 'admin: registration',
    request: () => ({ method: 'PUT', url: '/api/admin/registration', payload: { enabled: null } }),
    expect: adminOnly(),
  },
  // Last: with no library roots configured, a rescan empties the catalogue.
  {
    name: 'admin: rescan',
    request: () => ({ method: 'POST', url: '/api/admin/rescan', payload: { wait: true } }),
    expect: adminOnly(),
  },
];

function nameOf(role: Role): string {
  return role === 'guest' ? 'guest' : `${role}-acct`;
}
function passwordOf(role: Role): string {
  return role === 'guest' ? 'guest' : `${nameOf(role)}-password`;
}

describe.each(DIALECTS)('access table (%s)', (dialect) => {
  const c = {} as Ctx;
  const tokens = new Map<Role, string>();
  async function signInAll(): Promise<void> {
    for (const role of ROLES)
      if (role !== 'anonymous') tokens.set(role, await login(c.t.app, nameOf(role), passwordOf(role)));
  }

  beforeAll(async () => {
    c.t = await startTestApp(dialect);
    await seedWorks(c.t.db, CATALOGUE);
    await account(c.t, nameOf('plain'));
    await account(c.t, nameOf('other'), { email: 'other@example.org' });
    c.ownerId = (await account(c.t, nameOf('owner'), { email: 'owner@example.org' })).id;
    await account(c.t, nameOf('admin'), { group: 'administrator', email: 'admin@example.org' });
    c.privateId = await createPlaylist(c.t.db, await viewerOf(c.t.db, c.ownerId), { name: 'Private' }, [W]);
    c.unlistedId = await createPlaylist(
      c.t.db,
      await viewerOf(c.t.db, c.ownerId),
      { name: 'Unlisted', privacy: 1 },
      [W],
    );
    await ensureSystemPlaylists(c.t.db, c.ownerId);
    c.markedId = (
      await c.t.db
        .selectFrom('playlists')
        .select('id')
        .where('user_id', '=', c.ownerId)
        .where('system_kind', '=', 'marked')
        .executeTakeFirstOrThrow()
    ).id;
    await signInAll();
  });
  afterAll(async () => {
    await c.t?.close();
  });

  it('nobody else changes the owner’s review, vote or private playlist', async () => {
    const { t } = c;
    await putReview(t.db, await viewerOf(t.db, c.ownerId), W + 2, {
      rating: 4,
      review_text: 'owner text',
      progress: 'listening',
    });
    await voteWorkTag(t.db, await viewerOf(t.db, c.ownerId), W + 2, TAG.whisper, 1);
    await resetPrivate(c);
    await t.db
      .insertInto('playlist_works')
      .values({ playlist_id: c.privateId, work_id: W + 3, added_at: 5 })
      .execute();
    await setLike(t.db, await viewerOf(t.db, c.ownerId), c.unlistedId, false);
    for (const role of ['guest', 'plain', 'other', 'admin'] as const) {
      const headers = { authorization: `Bearer ${tokens.get(role)}` };
      await t.app.inject({
        method: 'PUT',
        url: '/api/review',
        headers,
        payload: { work_id: W + 2, rating: 1, review_text: 'x' },
      });
      await t.app.inject({ method: 'DELETE', url: `/api/review?work_id=${W + 2}`, headers });
      await t.app.inject({
        method: 'POST',
        url: '/api/vote/vote-work-tag',
        headers,
        payload: { workID: W + 2, tagID: TAG.whisper, status: 0 },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/playlist/remove-works-from-playlist',
        headers,
        payload: { id: c.privateId, works: [W + 3] },
      });
    }
    const review = await t.db
      .selectFrom('reviews')
      .selectAll()
      .where('user_id', '=', c.ownerId)
      .where('work_id', '=', W + 2)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ rating: 4, review_text: 'owner text', progress: 'listening' });
    const vote = await t.db
      .selectFrom('tag_votes')
      .select('status')
      .where('user_id', '=', c.ownerId)
      .where('work_id', '=', W + 2)
      .where('tag_id', '=', TAG.whisper)
      .executeTakeFirstOrThrow();
    expect(vote.status).toBe(1);
    const kept = await t.db
      .selectFrom('playlist_works')
      .select('work_id')
      .where('playlist_id', '=', c.privateId)
      .execute();
    expect(kept.map((r) => r.work_id)).toContain(W + 3);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      for (const role of ROLES) {
        await row.setup?.(c);
        const req = row.request(c, role);
        const token = tokens.get(role);
        const res = await c.t.app.inject({
          ...req,
          headers: { ...(req.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        const want = row.expect[role];
        const [status, message] = Array.isArray(want) ? want : [want, undefined];
        expect(res.statusCode, `${row.name} as ${role}: ${res.body.slice(0, 200)}`).toBe(status);
        if (message)
          expect(res.json(), `${row.name} as ${role}`).toMatchObject({
            error: message,
            code: expect.any(String),
          });
      }
      // A password change ends every older session: sign everyone in again.
      if (row.name.startsWith('change-password')) await signInAll();
    });
  }
});
