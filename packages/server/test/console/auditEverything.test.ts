/**
 * The audit trail nothing escapes: the test walks the route table, and each administrator route
 * that changes something (every non-GET route tagged `admin`, and the first-run setup) must write
 * exactly one audit entry when it succeeds. A new administrator route fails here until it has a
 * request below and records itself (in its service: services/audit.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_LIST } from '@sasayaki/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../src/auth/principal.ts';
import { takeBackup } from '../../src/services/backups.ts';
import { addFeedback } from '../../src/services/feedback.ts';
import { createInvitation } from '../../src/services/invitations.ts';
import { addRoot } from '../../src/services/libraryRoots.ts';
import { putReview } from '../../src/services/reviews.ts';
import { createUser } from '../../src/services/users.ts';
import { seedWorks } from '../helpers/seed.ts';
import { bearer, login, startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';

const WORK = 1_441_170;
const TAG = { id: 71, name: '囁き', name_en: 'whispering', name_zh: '耳语' };
const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'audit-root-'));

type Ctx = { ta: TestApp; adminId: number; victim: () => Promise<number> };
type Case = {
  setup?: (c: Ctx) => Promise<Record<string, unknown>>;
  request: (c: Ctx, s: Record<string, unknown>) => InjectOptions;
};

const body = (method: string, url: string, payload?: object): InjectOptions => ({
  method: method as 'POST',
  url,
  ...(payload ? { payload } : {}),
});
const admin = async (c: Ctx) => viewerOf(c.ta.db, c.adminId);
const withRoot = async (c: Ctx) => ({ root: (await addRoot(c.ta.app.ctx, await admin(c), folder())).id });
const withReview = async (c: Ctx) => {
  const id = await c.victim();
  await putReview(c.ta.db, await viewerOf(c.ta.db, id), WORK, { rating: 4, review_text: 'fine' });
  return { id };
};

/** A contribution waiting in the review queue (its text is not read to accept or reject it). */
const pendingSubtitle = async (c: Ctx): Promise<number> => {
  const row = await c.ta.db
    .insertInto('subtitle_contributions')
    .values({
      work_id: WORK,
      file_id: 1,
      user_id: null,
      contributor: 'someone',
      language: 'en',
      note: '',
      name: 'track.lrc',
      format: 'lrc',
      sha256: `${Date.now()}${Math.random()}`,
      size: 12,
      lines: 1,
      cues: 1,
      status: 'pending',
      reason: '',
      version: null,
      corrected: 0,
      address: '',
      created_at: Date.now(),
      reviewed_at: null,
      reviewed_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

/** One successful request of each administrator mutation, keyed as `METHOD path` of the table. */
const CASES: Record<string, Case> = {
  'POST /api/setup': {
    setup: async (c) => {
      // The first run: no administrator yet (the one of this test is demoted for the call).
      await c.ta.db.updateTable('users').set({ grp: 'user' }).where('grp', '=', 'administrator').execute();
      return {};
    },
    request: () => body('POST', '/api/setup', { name: 'firstroot', password: 'first-password' }),
  },
  'POST /api/admin/feedback/handle': {
    setup: async () => ({}),
    request: (_c, s) => body('POST', '/api/admin/feedback/handle', { id: s.feedback, handled: true }),
  },
  'POST /api/admin/users/set-group': {
    request: () => body('POST', '/api/admin/users/set-group', { name: 'victim1', group: 'guest' }),
  },
  'POST /api/admin/users/set-password': {
    request: () =>
      body('POST', '/api/admin/users/set-password', { name: 'victim1', password: 'new-password' }),
  },
  'POST /api/admin/users/delete': {
    request: () => body('POST', '/api/admin/users/delete', { name: 'victim1' }),
  },
  'POST /api/admin/rescan': { request: () => body('POST', '/api/admin/rescan', { wait: true }) },
  'PUT /api/admin/maintenance': {
    request: () => body('PUT', '/api/admin/maintenance', { html: '<p>soon</p>' }),
  },
  'PUT /api/admin/registration': {
    request: () => body('PUT', '/api/admin/registration', { enabled: false }),
  },
  'POST /api/admin/backups': { request: () => body('POST', '/api/admin/backups') },
  'DELETE /api/admin/backups/:name': {
    setup: async (c) => ({ name: (await takeBackup(c.ta.app.ctx, await admin(c))).name }),
    request: (_c, s) => body('DELETE', `/api/admin/backups/${s.name}`),
  },
  'POST /api/admin/libraries': { request: () => body('POST', '/api/admin/libraries', { path: folder() }) },
  'POST /api/admin/libraries/rename': {
    setup: withRoot,
    request: (_c, s) => body('POST', '/api/admin/libraries/rename', { id: s.root, name: 'Renamed' }),
  },
  'POST /api/admin/libraries/remove': {
    setup: withRoot,
    request: (_c, s) => body('POST', '/api/admin/libraries/remove', { id: s.root }),
  },
  'POST /api/admin/scans': { request: () => body('POST', '/api/admin/scans', { full: false }) },
  'PUT /api/admin/libraries/schedule': {
    request: () =>
      body('PUT', '/api/admin/libraries/schedule', {
        id: 0,
        schedule: { mode: 'hours', hours: 12, dailyAt: null },
      }),
  },
  'POST /api/admin/subtitles/:id/accept': {
    setup: async (c) => ({ id: await pendingSubtitle(c) }),
    request: (_c, s) => body('POST', `/api/admin/subtitles/${s.id}/accept`, {}),
  },
  'POST /api/admin/subtitles/:id/reject': {
    setup: async (c) => ({ id: await pendingSubtitle(c) }),
    request: (_c, s) => body('POST', `/api/admin/subtitles/${s.id}/reject`, { reason: 'wrong track' }),
  },
  'PUT /api/admin/settings': {
    request: () => body('PUT', '/api/admin/settings', { changes: { guestRateLimit: 1000 } }),
  },
  'POST /api/admin/settings/test-mail': {
    request: () => body('POST', '/api/admin/settings/test-mail', { to: 'ops@example.test' }),
  },
  'POST /api/admin/accounts/:id/group': {
    setup: async (c) => ({ id: await c.victim() }),
    request: (_c, s) => body('POST', `/api/admin/accounts/${s.id}/group`, { group: 'guest' }),
  },
  'POST /api/admin/accounts/:id/reset-password': {
    setup: async (c) => ({ id: await c.victim() }),
    request: (_c, s) => body('POST', `/api/admin/accounts/${s.id}/reset-password`),
  },
  'POST /api/admin/accounts/:id/disabled': {
    setup: async (c) => ({ id: await c.victim() }),
    request: (_c, s) => body('POST', `/api/admin/accounts/${s.id}/disabled`, { disabled: true }),
  },
  'DELETE /api/admin/accounts/:id': {
    setup: async (c) => ({ id: await c.victim() }),
    request: (_c, s) => body('DELETE', `/api/admin/accounts/${s.id}`),
  },
  'DELETE /api/admin/accounts/:id/sessions': {
    setup: async (c) => ({ id: await c.victim() }),
    request: (_c, s) => body('DELETE', `/api/admin/accounts/${s.id}/sessions`),
  },
  'POST /api/admin/caches/purge': {
    request: () => body('POST', '/api/admin/caches/purge', { cache: 'transcodes' }),
  },
  'POST /api/admin/reviews/hide': {
    setup: withReview,
    request: (_c, s) => body('POST', '/api/admin/reviews/hide', { userId: s.id, workId: WORK, hidden: true }),
  },
  'POST /api/admin/reviews/delete': {
    setup: withReview,
    request: (_c, s) => body('POST', '/api/admin/reviews/delete', { userId: s.id, workId: WORK }),
  },
  'POST /api/admin/works/tags/remove': {
    request: () => body('POST', '/api/admin/works/tags/remove', { workId: WORK, tagId: TAG.id }),
  },
  'POST /api/admin/invitations': {
    request: () => body('POST', '/api/admin/invitations', { note: 'friend' }),
  },
  'POST /api/admin/invitations/:id/revoke': {
    setup: async (c) => ({
      id: (await createInvitation(c.ta.db, await admin(c), { note: 'x' })).invitation.id,
    }),
    request: (_c, s) => body('POST', `/api/admin/invitations/${s.id}/revoke`),
  },
  'POST /api/credentials/user': {
    request: () =>
      body('POST', '/api/credentials/user', { name: `made${Date.now()}`, password: 'made-password' }),
  },
  'PUT /api/credentials/user': {
    request: () => body('PUT', '/api/credentials/user', { name: 'victim1', newPassword: 'other-password' }),
  },
  'DELETE /api/credentials/user': {
    request: () => body('DELETE', '/api/credentials/user', { users: [{ name: 'victim1' }] }),
  },
};

const MUTATIONS = ROUTE_LIST.filter(
  (r) => r.method !== 'GET' && (r.tags?.includes('admin') || r.path === '/api/setup'),
).map((r) => `${r.method} ${r.path}`);

describe('the audit trail', () => {
  let c: Ctx;
  beforeAll(async () => {
    const ta = await startTestApp('sqlite');
    await seedWorks(ta.db, [{ id: WORK, title: 'work', tags: [TAG] }]);
    const adminId = (
      await createUser(ta.db, { name: 'root1', password: 'root-password', group: 'administrator' })
    ).id;
    const victim = async () => {
      const row = await ta.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', 'victim1')
        .executeTakeFirst();
      if (row) return row.id;
      return (await createUser(ta.db, { name: 'victim1', password: 'victim-password' })).id;
    };
    c = { ta, adminId, victim };
  });
  afterAll(() => c.ta.close());

  it('has a request for every administrator mutation of the route table', () => {
    expect(MUTATIONS.length).toBeGreaterThan(20);
    expect(MUTATIONS.filter((k) => !CASES[k])).toEqual([]);
  });

  it.each(MUTATIONS)('%s writes exactly one audit entry', async (key) => {
    const kase = CASES[key] as Case;
    await c.victim();
    // A scan of the (empty) library removes the seeded work: seed it again.
    const work = await c.ta.db.selectFrom('works').select('id').where('id', '=', WORK).executeTakeFirst();
    if (!work) await seedWorks(c.ta.db, [{ id: WORK, title: 'work', tags: [TAG] }]);
    const token = await login(c.ta.app, 'root1', 'root-password');
    const s =
      key === 'POST /api/admin/feedback/handle'
        ? {
            feedback: await addFeedback(c.ta.db, ANONYMOUS, {
              workId: WORK,
              category: 'other',
              details: 'x',
            }),
          }
        : ((await kase.setup?.(c)) ?? {});
    const count = async () =>
      Number(
        (
          await c.ta.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const req = kase.request(c, s);
    try {
      const res = await c.ta.app.inject({ ...req, headers: { ...bearer(token), ...(req.headers ?? {}) } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await count()).toBe(before + 1);
    } finally {
      // Put the administrator back where the first-run case took it away.
      await c.ta.db.updateTable('users').set({ grp: 'administrator' }).where('id', '=', c.adminId).execute();
    }
  });
});
