/**
 * The role × endpoint matrix: every operation of the OpenAPI document, called with valid input by
 * each role — anonymous, guest, a user, the user owning the target (a playlist, a review) and an
 * administrator — on a scanned library, on SQLite and PostgreSQL. The expected outcome is not
 * written by hand: each operation names the actions of access.ts it checks, and `decide` says
 * whether the role is allowed or refused with which status and message. An operation of the
 * document without an entry here (a new route) fails the test, as does an entry without a route.
 * The table of outcomes is kept in `roleMatrix.md` beside this file: a change of access.ts shows
 * there as a diff to review (`npx vitest run -u` rewrites it).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@sasayaki/contract/errors';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, type Decision, decide } from '../../src/access.ts';
import { ANONYMOUS, type Principal } from '../../src/auth/principal.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { addBookmark } from '../../src/services/bookmarks.ts';
import { addFeedback } from '../../src/services/feedback.ts';
import { createInvitation } from '../../src/services/invitations.ts';
import { addRoot } from '../../src/services/libraryRoots.ts';
import { createPlaylist } from '../../src/services/playlists.ts';
import { putReview } from '../../src/services/reviews.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { startSession } from '../../src/services/sessions.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';
import { writeTree } from '../scanner/helpers.ts';
import { operationsOf } from './hostileRequests.ts';

const ROLES = ['anonymous', 'guest', 'user', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** Privacy of the owner's playlist an operation works on (created fresh for each call). */
type Target = 'private' | 'unlisted' | 'public';
const PRIVACY: Record<Target, number> = { private: 0, unlisted: 1, public: 2 };

interface Ctx {
  ta: TestApp;
  ids: Record<Role, number>;
  password: Record<Role, string>;
  workId: number;
  audioId: number;
  lyricId: number;
  seeded: { work: number; circle: number; tag: number; va: string };
  /** The target playlist of this call, owned by `owner`. */
  playlist: string;
  /** A fresh account for administrative calls to act on. */
  victim: string;
  /** A feedback message to handle. */
  feedback: number;
  /** The session token a beacon of this role carries in its body ('' for anonymous). */
  beaconToken: string;
  /** A bookmark of this role to change or remove. */
  bookmark: number;
  /** A library root added in the console, to rename or remove. */
  root: number;
  /** A finished scan, for its report. */
  scan: number;
}

interface Case {
  /** The access.ts actions the route checks, in order: the first refusal is the answer. */
  checks: Action[];
  target?: Target;
  /** The answer when every check passes (default: any 2xx or 3xx). */
  allowed?: number;
  /** Puts in place what the call needs, for this role, before it. */
  setup?: (c: Ctx, role: Role) => Promise<void>;
  request: (c: Ctx, role: Role) => InjectOptions | Promise<InjectOptions>;
  /** The answer never ends (Server-Sent Events): only its head and first event are read. */
  endless?: boolean;
}

/** What the matrix reads of an answer. */
interface Answer {
  statusCode: number;
  body: string;
  json(): { code?: string };
}

/** Injects a request whose answer may never end, reading its status and its first chunk. */
async function injectHead(c: Ctx, options: InjectOptions): Promise<Answer> {
  const res = await c.ta.app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const first = await new Promise<string>((resolve) => {
    stream.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    stream.once('end', () => resolve(''));
  });
  stream.destroy();
  return { statusCode: res.statusCode, body: first, json: () => JSON.parse(first) };
}

/** A fresh folder for a library root, outside the data folder. */
const freshFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-root-'));

const PUBLIC: Action[] = [];
const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });
const pub = (url: string): Case[] => [{ checks: PUBLIC, request: get(url) }];
const post =
  (url: string, payload: (c: Ctx, role: Role) => unknown, method = 'POST') =>
  (c: Ctx, role: Role): InjectOptions => ({
    method: method as 'POST',
    url,
    payload: payload(c, role) as object,
  });
const list = { page: 1, pageSize: 12 };

/** Every operation of the API, `METHOD /path` as in the OpenAPI document. */
const MATRIX: Record<string, Case[]> = {
  'GET /api/health': pub('/api/health'),
  'GET /api/config/shared': pub('/api/config/shared'),
  'GET /api/version': pub('/api/version'),
  'GET /api/auth/reg': pub('/api/auth/reg'),
  'POST /api/auth/reg': [
    {
      checks: PUBLIC,
      request: post('/api/auth/reg', () => ({ name: `new_${rnd()}`, password: 'new-password' })),
    },
  ],
  'POST /api/auth/me': [
    {
      checks: PUBLIC,
      request: post('/api/auth/me', () => ({ name: 'owner_m', password: 'owner_m-password' })),
    },
  ],
  'GET /api/auth/me': pub('/api/auth/me'),
  'GET /api/me': pub('/api/me'),
  'POST /api/auth/logout': [{ checks: PUBLIC, request: post('/api/auth/logout', () => ({})) }],
  'POST /api/auth/change-password': [
    {
      checks: ['account.use', 'password.change'],
      request: post('/api/auth/change-password', (c, role) => ({
        oldPassword: c.password[role],
        newPassword: c.password[role],
      })),
    },
  ],
  'POST /api/auth/email/request-link': [
    {
      checks: ['account.use', 'email.link'],
      // A linked email must be unlinked first: this call starts from none.
      setup: async (c, role) => {
        if (role !== 'anonymous')
          await c.ta.db.updateTable('users').set({ email: null }).where('id', '=', c.ids[role]).execute();
      },
      request: post('/api/auth/email/request-link', () => ({ email: `new_${rnd()}@example.test` })),
    },
  ],
  'POST /api/auth/email/verify': [
    {
      checks: ['account.use', 'email.link'],
      allowed: 410,
      request: post('/api/auth/email/verify', () => ({ verifyId: 'no-such-id', code: '000000' })),
    },
  ],
  'POST /api/auth/email/unlink': [
    {
      checks: ['account.use', 'email.link'],
      request: post('/api/auth/email/unlink', () => ({})),
    },
  ],
  'POST /api/auth/reset-password/request': [
    {
      checks: PUBLIC,
      request: post('/api/auth/reset-password/request', (_c, role) => ({ name: `${role}_reset_m` })),
    },
  ],
  'POST /api/auth/reset-password/confirm': [
    {
      checks: PUBLIC,
      allowed: 410,
      request: post('/api/auth/reset-password/confirm', () => ({
        verifyId: 'no-such-id',
        code: '000000',
        password: 'whatever-pass',
      })),
    },
  ],
  'PUT /api/review': [
    {
      checks: ['account.use', 'review.write'],
      request: post('/api/review', (c) => ({ work_id: c.workId, rating: 4 }), 'PUT'),
    },
  ],
  'GET /api/review': [{ checks: ['account.use'], request: get('/api/review?page=1') }],
  'DELETE /api/review': [
    {
      checks: ['account.use', 'review.write'],
      setup: async (c, role) => {
        if (role !== 'anonymous')
          await putReview(c.ta.db, await viewerOf(c.ta.db, c.ids[role]), c.workId, { rating: 5 });
      },
      request: (c) => ({ method: 'DELETE', url: `/api/review?work_id=${c.workId}` }),
    },
  ],
  'GET /api/review/of-work': [
    { checks: PUBLIC, request: (c) => get(`/api/review/of-work?work_id=${c.workId}`)() },
  ],
  'POST /api/vote/vote-work-tag': [
    {
      checks: ['account.use', 'tag.vote'],
      request: post('/api/vote/vote-work-tag', (c) => ({
        workID: c.seeded.work,
        tagID: c.seeded.tag,
        status: 1,
      })),
    },
  ],
  'POST /api/vote/attach-tags-to-work': [
    {
      checks: ['account.use', 'tag.attach'],
      request: post('/api/vote/attach-tags-to-work', (c) => ({ workID: c.workId, tagIDs: [c.seeded.tag] })),
    },
  ],
  'POST /api/playlist/create-playlist': [
    {
      checks: ['account.use', 'playlist.create'],
      request: post('/api/playlist/create-playlist', (c) => ({ name: 'Made here', works: [c.workId] })),
    },
  ],
  'POST /api/playlist/edit-playlist-metadata': (['private', 'unlisted'] as const).map((target) => ({
    checks: ['account.use', 'playlist.edit'],
    target,
    request: post('/api/playlist/edit-playlist-metadata', (c) => ({ id: c.playlist, description: 'edited' })),
  })),
  'POST /api/playlist/delete-playlist': (['private', 'public'] as const).map((target) => ({
    checks: ['account.use', 'playlist.delete'],
    target,
    request: post('/api/playlist/delete-playlist', (c) => ({ id: c.playlist })),
  })),
  'POST /api/playlist/like-playlist': (['private', 'public'] as const).map((target) => ({
    checks: ['account.use', 'playlist.like'],
    target,
    request: post('/api/playlist/like-playlist', (c) => ({ id: c.playlist })),
  })),
  'POST /api/playlist/remove-like-playlist': (['private', 'public'] as const).map((target) => ({
    checks: ['account.use', 'playlist.read'],
    target,
    request: post('/api/playlist/remove-like-playlist', (c) => ({ id: c.playlist })),
  })),
  'GET /api/playlist/get-playlists': [
    { checks: ['account.use'], request: get('/api/playlist/get-playlists') },
    { checks: PUBLIC, request: get('/api/playlist/get-playlists?filterBy=public') },
  ],
  'GET /api/playlist/get-playlist-metadata': (['private', 'unlisted'] as const).map((target) => ({
    checks: ['playlist.read'],
    target,
    request: (c: Ctx) => get(`/api/playlist/get-playlist-metadata?id=${c.playlist}`)(),
  })),
  'GET /api/playlist/get-playlist-works': (['private', 'public'] as const).map((target) => ({
    checks: ['playlist.read'],
    target,
    request: (c: Ctx) => get(`/api/playlist/get-playlist-works?id=${c.playlist}`)(),
  })),
  'POST /api/playlist/add-works-to-playlist': (['private', 'unlisted'] as const).map((target) => ({
    checks: ['account.use', 'playlist.edit'],
    target,
    request: post('/api/playlist/add-works-to-playlist', (c) => ({ id: c.playlist, works: [c.seeded.work] })),
  })),
  'POST /api/playlist/remove-works-from-playlist': (['private', 'public'] as const).map((target) => ({
    checks: ['account.use', 'playlist.edit'],
    target,
    request: post('/api/playlist/remove-works-from-playlist', (c) => ({ id: c.playlist, works: [c.workId] })),
  })),
  'GET /api/playlist/get-default-mark-target-playlist': [
    { checks: ['account.use'], request: get('/api/playlist/get-default-mark-target-playlist') },
  ],
  'GET /api/playlist/get-work-exist-status-in-my-playlists': [
    {
      checks: ['account.use'],
      request: (c) => get(`/api/playlist/get-work-exist-status-in-my-playlists?workID=${c.workId}`)(),
    },
  ],
  'POST /api/recommender/popular': [
    { checks: PUBLIC, request: post('/api/recommender/popular', () => list) },
  ],
  'POST /api/recommender/recommend-for-user': [
    {
      checks: PUBLIC,
      request: post('/api/recommender/recommend-for-user', () => ({
        ...list,
        recommenderUuid: '3f0b7f3e-6a4c-4c1e-9d1e-000000000001',
      })),
    },
  ],
  'POST /api/recommender/item-neighbors': [
    {
      checks: PUBLIC,
      request: post('/api/recommender/item-neighbors', (c) => ({ ...list, itemId: c.workId })),
    },
  ],
  'POST /api/recommender/feedback': [
    {
      checks: PUBLIC,
      request: post('/api/recommender/feedback', (c) => ({
        type: 'start',
        recommenderUuid: '3f0b7f3e-6a4c-4c1e-9d1e-000000000001',
        itemId: c.workId,
      })),
    },
  ],
  'GET /api/admin/users': [{ checks: ['admin'], request: get('/api/admin/users') }],
  'POST /api/admin/users/set-group': [
    {
      checks: ['admin'],
      request: post('/api/admin/users/set-group', (c) => ({ name: c.victim, group: 'user' })),
    },
  ],
  'POST /api/admin/users/set-password': [
    {
      checks: ['admin'],
      request: post('/api/admin/users/set-password', (c) => ({ name: c.victim, password: 'fresh-password' })),
    },
  ],
  'POST /api/admin/users/delete': [
    { checks: ['admin'], request: post('/api/admin/users/delete', (c) => ({ name: c.victim })) },
  ],
  'POST /api/admin/rescan': [
    { checks: ['admin'], request: post('/api/admin/rescan', () => ({ wait: true })) },
  ],
  'PUT /api/admin/maintenance': [
    { checks: ['admin'], request: post('/api/admin/maintenance', () => ({ html: null }), 'PUT') },
  ],
  'PUT /api/admin/registration': [
    { checks: ['admin'], request: post('/api/admin/registration', () => ({ enabled: true }), 'PUT') },
  ],
  'GET /api/auth/app-passwords': [
    { checks: ['account.use', 'appPassword.manage'], request: get('/api/auth/app-passwords') },
  ],
  'POST /api/auth/app-passwords': [
    {
      checks: ['account.use', 'appPassword.manage'],
      request: post('/api/auth/app-passwords', () => ({ name: `phone ${rnd()}` })),
    },
  ],
  'DELETE /api/auth/app-passwords/{id}': [
    {
      checks: ['account.use', 'appPassword.manage'],
      allowed: 404,
      request: () => ({ method: 'DELETE', url: '/api/auth/app-passwords/999999' }),
    },
  ],
  'GET /api/admin/invitations': [{ checks: ['admin'], request: get('/api/admin/invitations') }],
  'POST /api/admin/invitations': [
    { checks: ['admin'], request: post('/api/admin/invitations', () => ({ note: 'a friend', days: 2 })) },
  ],
  'POST /api/admin/invitations/{id}/revoke': [
    {
      checks: ['admin'],
      setup: freshInvitation,
      request: (c) => post(`/api/admin/invitations/${invitation.id}/revoke`, () => ({}))(c, 'admin'),
    },
  ],
  // Public: the code is the permission, whoever is signed in (a valid one for each call).
  'POST /api/invitations/check': [
    {
      checks: PUBLIC,
      setup: freshInvitation,
      request: post('/api/invitations/check', () => ({ code: invitation.code })),
    },
  ],
  'POST /api/invitations/register': [
    {
      checks: PUBLIC,
      setup: freshInvitation,
      request: post('/api/invitations/register', () => ({
        code: invitation.code,
        name: `invited_${rnd()}`,
        password: 'invited-password',
      })),
    },
  ],
  'GET /api/setup': pub('/api/setup'),
  'POST /api/setup': [
    {
      checks: PUBLIC,
      // Administrators exist: the first run is over for everyone.
      allowed: 409,
      request: post('/api/setup', () => ({ name: `first_${rnd()}`, password: 'first-admin-password' })),
    },
  ],
  'GET /api/admin/libraries': [{ checks: ['admin'], request: get('/api/admin/libraries') }],
  'GET /api/admin/backups': [{ checks: ['admin'], request: get('/api/admin/backups') }],
  'POST /api/admin/backups': [{ checks: ['admin'], request: post('/api/admin/backups', () => ({})) }],
  // A well-formed name of no backup: the administrator gets 404, everyone else is refused first.
  'GET /api/admin/backups/{name}': [
    {
      checks: ['admin'],
      allowed: 404,
      request: get('/api/admin/backups/sasayaki-20000101-000000-manual.sasayaki-backup'),
    },
  ],
  'DELETE /api/admin/backups/{name}': [
    {
      checks: ['admin'],
      allowed: 404,
      request: () => ({
        method: 'DELETE',
        url: '/api/admin/backups/sasayaki-20000101-000000-manual.sasayaki-backup',
      }),
    },
  ],
  'POST /api/admin/libraries': [
    { checks: ['admin'], request: post('/api/admin/libraries', () => ({ path: freshFolder() })) },
  ],
  'POST /api/admin/libraries/rename': [
    {
      checks: ['admin'],
      setup: async (c) => {
        c.root = (await addRoot(c.ta.app.ctx, await viewerOf(c.ta.db, c.ids.admin), freshFolder())).id;
      },
      request: post('/api/admin/libraries/rename', (c) => ({ id: c.root, name: 'Renamed' })),
    },
  ],
  'PUT /api/admin/libraries/schedule': [
    {
      checks: ['admin'],
      request: post(
        '/api/admin/libraries/schedule',
        () => ({ id: 0, schedule: { mode: 'hours', hours: 12, dailyAt: null } }),
        'PUT',
      ),
    },
  ],
  'POST /api/admin/libraries/remove': [
    {
      checks: ['admin'],
      setup: async (c) => {
        c.root = (await addRoot(c.ta.app.ctx, await viewerOf(c.ta.db, c.ids.admin), freshFolder())).id;
      },
      request: post('/api/admin/libraries/remove', (c) => ({ id: c.root })),
    },
  ],
  'GET /api/admin/folders': [{ checks: ['admin'], request: get('/api/admin/folders') }],
  'GET /api/admin/scans': [{ checks: ['admin'], request: get('/api/admin/scans') }],
  'POST /api/admin/scans': [{ checks: ['admin'], request: post('/api/admin/scans', () => ({})) }],
  'GET /api/admin/scans/events': [
    { checks: ['admin'], endless: true, request: get('/api/admin/scans/events') },
  ],
  'GET /api/admin/scans/{id}/report': [
    {
      checks: ['admin'],
      setup: async (c) => {
        if (!c.scan) {
          await c.ta.app.scans.run('quick', 'console');
          c.scan = (await c.ta.app.scans.overview()).recent[0]?.id ?? 0;
        }
      },
      request: (c) => get(`/api/admin/scans/${c.scan}/report`)(),
    },
  ],
  'GET /api/admin/settings': [{ checks: ['admin'], request: get('/api/admin/settings') }],
  'PUT /api/admin/settings': [
    {
      checks: ['admin'],
      request: post('/api/admin/settings', () => ({ changes: { guestRateLimit: 1_000_000 } }), 'PUT'),
    },
  ],
  'POST /api/admin/settings/test-mail': [
    { checks: ['admin'], request: post('/api/admin/settings/test-mail', () => ({ to: 'ops@example.test' })) },
  ],
  'GET /api/admin/audit': [{ checks: ['admin'], request: get('/api/admin/audit?page=1') }],
  'GET /api/admin/accounts': [{ checks: ['admin'], request: get('/api/admin/accounts?q=victim') }],
  'POST /api/admin/accounts/{id}/group': [
    {
      checks: ['admin'],
      request: async (c) =>
        post(`/api/admin/accounts/${await victimId(c)}/group`, () => ({ group: 'user' }))(c, 'admin'),
    },
  ],
  'POST /api/admin/accounts/{id}/reset-password': [
    {
      checks: ['admin'],
      request: async (c) =>
        post(`/api/admin/accounts/${await victimId(c)}/reset-password`, () => ({}))(c, 'admin'),
    },
  ],
  'POST /api/admin/accounts/{id}/disabled': [
    {
      checks: ['admin'],
      request: async (c) =>
        post(`/api/admin/accounts/${await victimId(c)}/disabled`, () => ({ disabled: true }))(c, 'admin'),
    },
  ],
  'GET /api/admin/accounts/{id}/impact': [
    { checks: ['admin'], request: async (c) => get(`/api/admin/accounts/${await victimId(c)}/impact`)() },
  ],
  'DELETE /api/admin/accounts/{id}': [
    {
      checks: ['admin'],
      request: async (c) => ({ method: 'DELETE', url: `/api/admin/accounts/${await victimId(c)}` }),
    },
  ],
  'GET /api/admin/accounts/{id}/sessions': [
    { checks: ['admin'], request: async (c) => get(`/api/admin/accounts/${await victimId(c)}/sessions`)() },
  ],
  'DELETE /api/admin/accounts/{id}/sessions': [
    {
      checks: ['admin'],
      request: async (c) => ({ method: 'DELETE', url: `/api/admin/accounts/${await victimId(c)}/sessions` }),
    },
  ],
  'GET /api/auth/sessions': [
    { checks: ['account.use', 'sessions.manage'], request: get('/api/auth/sessions') },
  ],
  'DELETE /api/auth/sessions/{id}': [
    {
      checks: ['account.use', 'sessions.manage'],
      allowed: 404,
      request: () => ({ method: 'DELETE', url: '/api/auth/sessions/no-such-session' }),
    },
  ],
  'POST /api/auth/sessions/end-others': [
    {
      checks: ['account.use', 'sessions.manage'],
      request: post('/api/auth/sessions/end-others', () => ({})),
    },
  ],
  'GET /api/admin/health': [{ checks: ['admin'], request: get('/api/admin/health') }],
  'POST /api/admin/caches/purge': [
    { checks: ['admin'], request: post('/api/admin/caches/purge', () => ({ cache: 'transcodes' })) },
  ],
  'GET /api/admin/reviews': [{ checks: ['admin'], request: get('/api/admin/reviews?q=a') }],
  'POST /api/admin/reviews/hide': [
    {
      checks: ['admin'],
      setup: async (c) => {
        await putReview(c.ta.db, await viewerOf(c.ta.db, c.ids.owner), c.workId, {
          rating: 4,
          review_text: 'fine',
        });
      },
      request: post('/api/admin/reviews/hide', (c) => ({
        userId: c.ids.owner,
        workId: c.workId,
        hidden: true,
      })),
    },
  ],
  'POST /api/admin/reviews/delete': [
    {
      checks: ['admin'],
      setup: async (c) => {
        await putReview(c.ta.db, await viewerOf(c.ta.db, c.ids.owner), c.workId, {
          rating: 4,
          review_text: 'fine',
        });
      },
      request: post('/api/admin/reviews/delete', (c) => ({ userId: c.ids.owner, workId: c.workId })),
    },
  ],
  'POST /api/admin/works/tags/remove': [
    {
      checks: ['admin'],
      setup: async (c) => {
        await c.ta.db
          .insertInto('work_tags')
          .values({
            work_id: c.workId,
            tag_id: c.seeded.tag,
            origin: 'metadata',
            vote_status: 1,
            created_at: 1,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      },
      request: post('/api/admin/works/tags/remove', (c) => ({ workId: c.workId, tagId: c.seeded.tag })),
    },
  ],
  'GET /api/credentials/users': [{ checks: ['admin'], request: get('/api/credentials/users') }],
  'POST /api/credentials/user': [
    {
      checks: ['admin'],
      request: post('/api/credentials/user', () => ({
        name: `made_${rnd()}`,
        password: 'made-password',
        group: 'user',
      })),
    },
  ],
  'PUT /api/credentials/user': [
    {
      checks: ['admin'],
      request: post(
        '/api/credentials/user',
        (c) => ({ name: c.victim, newPassword: 'fresh-password' }),
        'PUT',
      ),
    },
  ],
  'DELETE /api/credentials/user': [
    {
      checks: ['admin'],
      request: post('/api/credentials/user', (c) => ({ users: [{ name: c.victim }] }), 'DELETE'),
    },
  ],
  'POST /api/feedback': [
    {
      checks: PUBLIC,
      request: post('/api/feedback', (c) => ({
        work_id: c.workId,
        category: 'other',
        details: 'a track is silent',
      })),
    },
  ],
  'GET /api/admin/feedback': [{ checks: ['admin'], request: get('/api/admin/feedback') }],
  'POST /api/subtitles/work/{id}': [
    {
      checks: ['account.use', 'subtitle.contribute'],
      // A text of its own each time: the same text twice for a track is refused as a duplicate.
      request: (c) =>
        post(`/api/subtitles/work/${c.workId}`, () => ({
          language: 'en',
          files: [
            {
              name: 'track.lrc',
              fileId: c.audioId,
              data: Buffer.from(`[00:00.50]a line ${rnd()}\n`).toString('base64'),
            },
          ],
        }))(c, 'anonymous'),
    },
  ],
  'GET /api/subtitles/mine': [{ checks: ['account.use'], request: get('/api/subtitles/mine') }],
  'GET /api/subtitles/{id}/text': [
    { checks: PUBLIC, allowed: 404, request: get('/api/subtitles/999999/text') },
  ],
  'GET /api/admin/subtitles': [{ checks: ['subtitle.review'], request: get('/api/admin/subtitles') }],
  'POST /api/admin/subtitles/{id}/accept': [
    {
      checks: ['subtitle.review'],
      allowed: 404,
      request: post('/api/admin/subtitles/999999/accept', () => ({})),
    },
  ],
  'POST /api/admin/subtitles/{id}/reject': [
    {
      checks: ['subtitle.review'],
      allowed: 404,
      request: post('/api/admin/subtitles/999999/reject', () => ({ reason: 'wrong track' })),
    },
  ],
  'POST /api/admin/feedback/handle': [
    {
      checks: ['admin'],
      request: post('/api/admin/feedback/handle', (c) => ({ id: c.feedback, handled: true })),
    },
  ],
  'GET /api/works': pub('/api/works'),
  'GET /api/works/ids': pub('/api/works/ids'),
  'POST /api/works': [{ checks: PUBLIC, request: post('/api/works', () => list) }],
  'GET /api/search/{keyword}': pub(`/api/search/${encodeURIComponent('耳かき')}`),
  'GET /api/search/': pub('/api/search/?keyword=a'),
  'POST /api/search/': [{ checks: PUBLIC, request: post('/api/search/', () => ({ keyword: '耳かき' })) }],
  'GET /api/search': pub('/api/search?keyword=a'),
  'POST /api/search': [{ checks: PUBLIC, request: post('/api/search', () => ({ keyword: '耳かき' })) }],
  'GET /api/workInfo/{id}': [{ checks: PUBLIC, request: (c) => get(`/api/workInfo/${c.workId}`)() }],
  'GET /api/work/{id}': [{ checks: PUBLIC, request: (c) => get(`/api/work/${c.workId}`)() }],
  'GET /api/circles/': pub('/api/circles/'),
  'GET /api/circles': pub('/api/circles'),
  'GET /api/circles/{id}': [{ checks: PUBLIC, request: (c) => get(`/api/circles/${c.seeded.circle}`)() }],
  'GET /api/circles/{id}/works': [
    { checks: PUBLIC, request: (c) => get(`/api/circles/${c.seeded.circle}/works`)() },
  ],
  'GET /api/tags/': pub('/api/tags/'),
  'GET /api/tags': pub('/api/tags'),
  'GET /api/tags/{id}': [{ checks: PUBLIC, request: (c) => get(`/api/tags/${c.seeded.tag}`)() }],
  'GET /api/tags/{id}/works': [{ checks: PUBLIC, request: (c) => get(`/api/tags/${c.seeded.tag}/works`)() }],
  'GET /api/vas/': pub('/api/vas/'),
  'GET /api/vas': pub('/api/vas'),
  'GET /api/vas/{id}': [{ checks: PUBLIC, request: (c) => get(`/api/vas/${c.seeded.va}`)() }],
  'GET /api/vas/{id}/works': [{ checks: PUBLIC, request: (c) => get(`/api/vas/${c.seeded.va}/works`)() }],
  'GET /api/tracks/{id}': [{ checks: PUBLIC, request: (c) => get(`/api/tracks/${c.workId}`)() }],
  'GET /api/media/stream/{id}': [
    {
      checks: PUBLIC,
      request: (c) => ({
        method: 'GET',
        url: `/api/media/stream/${c.audioId}`,
        headers: { range: 'bytes=0-99' },
      }),
    },
  ],
  'GET /api/media/stream/{workId}/{fileId}': [
    { checks: PUBLIC, request: (c) => get(`/api/media/stream/${c.workId}/${c.audioId}`)() },
  ],
  'GET /api/media/download/{id}': [
    { checks: PUBLIC, request: (c) => get(`/api/media/download/${c.audioId}`)() },
  ],
  'GET /api/media/download/{workId}/{fileId}': [
    { checks: PUBLIC, request: (c) => get(`/api/media/download/${c.workId}/${c.lyricId}`)() },
  ],
  'GET /api/media/download-zip/{workId}': [
    { checks: PUBLIC, request: (c) => get(`/api/media/download-zip/${c.workId}`)() },
  ],
  'GET /api/media/stream-lq/{id}': [
    { checks: PUBLIC, request: (c) => get(`/api/media/stream-lq/${c.audioId}`)() },
  ],
  'GET /api/media/check-lrc/{workId}/{fileId}': [
    { checks: PUBLIC, request: (c) => get(`/api/media/check-lrc/${c.workId}/${c.audioId}`)() },
  ],
  'GET /api/cover/{file}': [
    { checks: PUBLIC, request: (c) => get(`/api/cover/${c.workId}.jpg?type=main`)() },
  ],
  'GET /api/listening/positions': [
    { checks: ['listening.use'], request: (c) => get(`/api/listening/positions?work_id=${c.workId}`)() },
  ],
  'PUT /api/listening/positions': [
    {
      checks: ['listening.use'],
      request: post('/api/listening/positions', (c) => ({ positions: [played(c)] }), 'PUT'),
    },
  ],
  'POST /api/listening/beacon': [
    {
      checks: ['listening.use'],
      allowed: 204,
      setup: async (c, role) => {
        c.beaconToken = role === 'anonymous' ? '' : await tokenOf(c, role);
      },
      request: (c) => ({
        method: 'POST',
        url: '/api/listening/beacon',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ token: c.beaconToken, positions: [played(c)] }),
      }),
    },
  ],
  'GET /api/listening/queue': [{ checks: ['listening.use'], request: get('/api/listening/queue') }],
  'PUT /api/listening/queue': [
    {
      checks: ['listening.use'],
      request: post(
        '/api/listening/queue',
        (c) => ({
          tracks: [played(c).track],
          currentIndex: 0,
          position: 5,
          device: 'Desk',
          deviceId: 'desk-1',
          at: Date.now(),
        }),
        'PUT',
      ),
    },
  ],
  'GET /api/listening/history': [{ checks: ['listening.use'], request: get('/api/listening/history') }],
  'POST /api/listening/history': [
    {
      checks: ['listening.use'],
      request: post('/api/listening/history', (c) => ({ entries: [played(c)] })),
    },
  ],
  'DELETE /api/listening/history': [
    {
      checks: ['listening.use'],
      request: (c) => ({ method: 'DELETE', url: `/api/listening/history?work_id=${c.workId}` }),
    },
  ],
  'GET /api/listening/continue': [{ checks: ['listening.use'], request: get('/api/listening/continue') }],
  'GET /api/listening/settings': [{ checks: ['listening.use'], request: get('/api/listening/settings') }],
  'PUT /api/listening/settings': [
    {
      checks: ['listening.use'],
      request: post('/api/listening/settings', () => ({ recordHistory: true }), 'PUT'),
    },
  ],
  'GET /api/bookmarks': [
    { checks: ['listening.use'], request: (c) => get(`/api/bookmarks?work_id=${c.workId}`)() },
  ],
  'POST /api/bookmarks': [
    {
      checks: ['listening.use'],
      request: post('/api/bookmarks', (c) => ({ track: played(c).track, position: 1, note: 'here' })),
    },
  ],
  'PUT /api/bookmarks/{id}': [
    {
      checks: ['listening.use'],
      setup: ownBookmark,
      request: (c) => post(`/api/bookmarks/${c.bookmark}`, () => ({ note: 'changed' }), 'PUT')(c, 'user'),
    },
  ],
  'DELETE /api/bookmarks/{id}': [
    {
      checks: ['listening.use'],
      setup: ownBookmark,
      request: (c) => ({ method: 'DELETE', url: `/api/bookmarks/${c.bookmark}` }),
    },
  ],
};

/** The id of this call's fresh account (`victim`). */
/** The invitation of the current call (made by its setup). */
let invitation = { id: 0, code: '' };
async function freshInvitation(c: Ctx): Promise<void> {
  const made = await createInvitation(c.ta.db, await viewerOf(c.ta.db, c.ids.admin), { note: 'matrix' });
  invitation = { id: made.invitation.id, code: made.code };
}

async function victimId(c: Ctx): Promise<number> {
  const row = await c.ta.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', c.victim)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A position in the scanned track, reported now. */
function played(c: Ctx) {
  return { track: `${c.workId}/${c.audioId}`, position: 5, at: Date.now() };
}

/** A bookmark of the role (any id for roles that cannot have one). */
async function ownBookmark(c: Ctx, role: Role): Promise<void> {
  c.bookmark = 1;
  if (role === 'anonymous' || role === 'guest') return;
  c.bookmark = (
    await addBookmark(c.ta.db, await viewerOf(c.ta.db, c.ids[role]), { track: played(c).track, position: 1 })
  ).id;
}

/** A token issued now: a password change earlier in the run retires older ones. */
async function tokenOf(c: Ctx, role: Exclude<Role, 'anonymous'>): Promise<string> {
  const row = await c.ta.db
    .selectFrom('users')
    .select(['id', 'name', 'token_version'])
    .where('id', '=', c.ids[role])
    .executeTakeFirstOrThrow();
  return c.ta.app.auth.tokenOf(row, await startSession(c.ta.db, row, { address: '127.0.0.1' }, 3600_000));
}

function rnd(): string {
  return randomBytes(4).toString('hex');
}

const GROUP: Record<Exclude<Role, 'anonymous'>, 'guest' | 'user' | 'administrator'> = {
  guest: 'guest',
  user: 'user',
  owner: 'user',
  admin: 'administrator',
};

/** What access.ts decides for the role: the first refusal among the route's checks. */
function expected(c: Ctx, role: Role, kase: Case): Decision {
  const p: Principal =
    role === 'anonymous'
      ? { kind: 'anonymous' }
      : { kind: 'account', id: c.ids[role], name: role, group: GROUP[role] };
  const playlist = kase.target && { userId: c.ids.owner, privacy: PRIVACY[kase.target], systemKind: null };
  for (const action of kase.checks) {
    const d = decide(p, action, { playlist, account: { hasEmail: role !== 'guest' } });
    if (!d.ok) return d;
  }
  return { ok: true };
}

const outcome = (d: Decision) => (d.ok ? 'allowed' : `${ERRORS[d.code].status} ${ERRORS[d.code].message}`);

describe.each(DIALECTS)('role × endpoint matrix on %s', (dialect) => {
  const c = { ids: {}, password: {} } as Ctx;
  const table: string[] = [];
  beforeAll(async () => {
    c.ta = await startTestApp(dialect, { guestRateLimitPerMinute: 1_000_000 });
    const root = c.ta.config.libraryRoots[0] as string;
    const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    writeTree(root, {
      'RJ01000001 耳かきの作品/01 はじめに.wav': 1,
      'RJ01000001 耳かきの作品/01 はじめに.lrc': '[00:00.00]はじめに\n',
      'RJ01000001 耳かきの作品/cover.jpg': cover,
    });
    const summary = await scanLibrary({ config: c.ta.config, db: c.ta.db, hooks: scanHooks });
    expect(summary.errors).toEqual([]);
    const files = await c.ta.db.selectFrom('files').select(['id', 'work_id', 'type', 'path']).execute();
    const audio = files.find((f) => f.type === 'audio');
    const lyric = files.find((f) => f.path.endsWith('.lrc'));
    if (!audio || !lyric) throw new Error(`scan found ${JSON.stringify(files)}`);
    c.workId = audio.work_id;
    c.audioId = audio.id;
    c.lyricId = lyric.id;
    c.seeded = { work: 1441165, circle: 4242, tag: 77, va: '' };
    await seedWorks(c.ta.db, [
      {
        id: 1441165,
        title: '耳かき',
        circle: { id: 4242, name: 'サークル' },
        vas: ['声優さん'],
        tags: [{ id: 77, name: '癒し' }],
      },
    ]);
    c.seeded.va = (await c.ta.db.selectFrom('vas').select('id').executeTakeFirstOrThrow()).id;
    const guest = await c.ta.db
      .selectFrom('users')
      .select('id')
      .where('grp', '=', 'guest')
      .executeTakeFirstOrThrow();
    c.ids.guest = guest.id;
    c.password.guest = 'guest';
    // Anonymous sends a well-formed body too, so the answer is about access, not validation.
    c.password.anonymous = 'no-account-pass';
    for (const role of ['user', 'owner', 'admin'] as const) {
      const name = `${role}_m`;
      c.password[role] = `${name}-password`;
      const row = await createUser(c.ta.db, {
        name,
        password: c.password[role],
        group: GROUP[role],
        email: `${name}@example.test`,
      });
      c.ids[role] = row.id;
    }
  }, 120_000);
  afterAll(() => c.ta?.close());

  it('has an entry for every operation of the OpenAPI document, and no entry without one', () => {
    const ops = operationsOf(c.ta.app).map((o) => `${o.method} ${o.path}`);
    expect(
      ops.filter((o) => !(o in MATRIX)),
      'operations without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !ops.includes(k)),
      'entries without an operation',
    ).toEqual([]);
  });

  async function headersFor(role: Role): Promise<Record<string, string>> {
    if (role === 'anonymous') return {};
    return { authorization: `Bearer ${await tokenOf(c, role)}` };
  }

  it.each(Object.keys(MATRIX))('%s answers each role as access.ts decides', async (op) => {
    const mismatches: string[] = [];
    for (const [i, kase] of (MATRIX[op] as Case[]).entries()) {
      for (const role of ROLES) {
        c.victim = `victim_${rnd()}`;
        await createUser(c.ta.db, { name: c.victim, password: 'victim-password' });
        c.feedback = await addFeedback(c.ta.db, ANONYMOUS, {
          workId: c.workId,
          category: 'other',
          details: 'x',
        });
        if (kase.target) {
          c.playlist = await createPlaylist(
            c.ta.db,
            await viewerOf(c.ta.db, c.ids.owner),
            { name: 'Target', privacy: PRIVACY[kase.target] },
            [c.workId],
          );
        }
        // Every account but the guest has its email (tag votes need one) unless the call says not.
        for (const r of ['user', 'owner', 'admin'] as const) {
          await c.ta.db
            .updateTable('users')
            .set({ email: `${r}_m@example.test` })
            .where('id', '=', c.ids[r])
            .execute();
        }
        await kase.setup?.(c, role);
        const req = await kase.request(c, role);
        const options = { ...req, headers: { ...(await headersFor(role)), ...req.headers } };
        const res: Answer = kase.endless ? await injectHead(c, options) : await c.ta.app.inject(options);
        const want = expected(c, role, kase);
        if (role === 'anonymous') table.push(`| ${op}${kase.target ? ` (${kase.target} playlist)` : ''} |`);
        table[table.length - 1] += ` ${outcome(want)} |`;
        const got = `${res.statusCode} ${res.body.slice(0, 160)}`;
        const label = `${op}${kase.target ? ` (${kase.target})` : ''}#${i} as ${role}`;
        if (want.ok) {
          const okStatus = kase.allowed
            ? res.statusCode === kase.allowed
            : res.statusCode >= 200 && res.statusCode < 400;
          if (!okStatus)
            mismatches.push(
              `${label}: expected allowed${kase.allowed ? ` (${kase.allowed})` : ''}, got ${got}`,
            );
        } else if (res.statusCode !== ERRORS[want.code].status || res.json().code !== want.code) {
          mismatches.push(`${label}: expected ${outcome(want)} (${want.code}), got ${got}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('matches the reviewed table of outcomes', async () => {
    const head = `| operation | ${ROLES.join(' | ')} |\n|${' --- |'.repeat(ROLES.length + 1)}\n`;
    await expect(`${head}${table.join('\n')}\n`).toMatchFileSnapshot('./roleMatrix.md');
  });
});
