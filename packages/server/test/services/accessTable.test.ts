/**
 * The role × action table run against the services themselves, called with a viewer and no
 * HTTP in between: access is decided there, once, so /api (routes/) and /rest (subsonic/) inherit
 * every answer below. Roles: anonymous, the shared guest, a user without email (plain), a user
 * with one (other), the targets' owner and an administrator. An answer is 'ok' or the catalogue
 * code of the refusal (docs/product.md §8); each row restores the state it needs first.
 */
import type { ErrorCode } from '@sasayaki/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, type Principal } from '../../src/auth/principal.ts';
import { HttpError } from '../../src/errors.ts';
import { listAppPasswords } from '../../src/services/appPasswords.ts';
import { listBackups } from '../../src/services/backups.ts';
import { listAccounts } from '../../src/services/consoleAccounts.ts';
import { settingsFor } from '../../src/services/consoleSettings.ts';
import { listFeedback } from '../../src/services/feedback.ts';
import { listInvitations } from '../../src/services/invitations.ts';
import { rootsFor } from '../../src/services/libraryRoots.ts';
import { getQueue } from '../../src/services/listening.ts';
import { playerPlaylist } from '../../src/services/playerPlaylists.ts';
import {
  addWorks,
  createPlaylist,
  deletePlaylist,
  editPlaylist,
  ensureSystemPlaylists,
  removeWorks,
  setLike,
} from '../../src/services/playlists.ts';
import { deleteReview, putReview } from '../../src/services/reviews.ts';
import { createUser, findUserByName, GUEST_NAME } from '../../src/services/users.ts';
import { attachTags, voteWorkTag } from '../../src/services/votes.ts';
import { CATALOGUE, TAG } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { restorePrivatePlaylist, seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';

const ROLES = ['anonymous', 'guest', 'plain', 'other', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Answer = 'ok' | ErrorCode;
type Expect = Record<Role, Answer>;

interface Ctx {
  t: TestApp;
  viewers: Record<Role, Principal>;
  privateId: string;
  unlistedId: string;
  markedId: string;
}

interface Row {
  name: string;
  setup?: (c: Ctx) => Promise<void>;
  call: (c: Ctx, viewer: Principal) => Promise<unknown>;
  expect: Expect;
}

const W = 100001;
const all = (answer: Answer, over: Partial<Expect> = {}): Expect => ({
  anonymous: 'NO_TOKEN',
  guest: answer,
  plain: answer,
  other: answer,
  owner: answer,
  admin: answer,
  ...over,
});
const adminOnly = (): Expect => all('ADMIN_ONLY', { admin: 'ok' });

/** The owner's private playlist, made again when a row deleted it (same id). */
const resetPrivate = (c: Ctx) =>
  restorePrivatePlaylist(c.t.db, c.privateId, (c.viewers.owner as { id: number }).id);

const ROWS: Row[] = [
  { name: 'putReview', call: (c, v) => putReview(c.t.db, v, W + 1, { rating: 3 }), expect: all('ok') },
  {
    name: 'deleteReview (only the owner has one)',
    setup: (c) => putReview(c.t.db, c.viewers.owner, W, { rating: 5 }),
    call: (c, v) => deleteReview(c.t.db, v, W),
    expect: all('REVIEW_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'voteWorkTag',
    call: (c, v) => voteWorkTag(c.t.db, v, W, TAG.healing, 2),
    expect: all('ok', { guest: 'GUEST_VOTE', plain: 'MUST_BIND_EMAIL' }),
  },
  {
    name: 'attachTags',
    call: (c, v) => attachTags(c.t.db, v, W, [TAG.drama]),
    expect: all('ok', { guest: 'GUEST_VOTE', plain: 'MUST_BIND_EMAIL' }),
  },
  {
    name: 'createPlaylist',
    call: (c, v) => createPlaylist(c.t.db, v, { name: 'New list' }),
    expect: all('ok', { guest: 'GUEST_PLAYLIST' }),
  },
  {
    name: 'playerPlaylist (private): nobody else reads it, not even an administrator',
    setup: resetPrivate,
    call: (c, v) => playerPlaylist(c.t.db, v, c.privateId),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'PLAYLIST_NOT_FOUND', owner: 'ok' }),
  },
  {
    name: 'playerPlaylist (unlisted): anyone with the link',
    call: (c, v) => playerPlaylist(c.t.db, v, c.unlistedId),
    expect: all('ok', { anonymous: 'ok' }),
  },
  {
    name: 'editPlaylist (private)',
    setup: resetPrivate,
    call: (c, v) => editPlaylist(c.t.db, v, c.privateId, { description: 'x' }),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'editPlaylist (unlisted)',
    call: (c, v) => editPlaylist(c.t.db, v, c.unlistedId, { description: 'y' }),
    expect: all('NOT_PLAYLIST_OWNER', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'editPlaylist (rename the owner’s Marked)',
    call: (c, v) => editPlaylist(c.t.db, v, c.markedId, { name: 'Renamed' }),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'RENAME_SYSTEM_PLAYLIST' }),
  },
  {
    name: 'editPlaylist (the Marked playlist’s shown title with a comment)',
    call: (c, v) => editPlaylist(c.t.db, v, c.markedId, { name: 'Marked', description: 'z' }),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'deletePlaylist (the owner’s Marked)',
    call: (c, v) => deletePlaylist(c.t.db, v, c.markedId),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'SYSTEM_PLAYLIST' }),
  },
  {
    name: 'addWorks (private)',
    setup: resetPrivate,
    call: (c, v) => addWorks(c.t.db, v, c.privateId, [W]),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'addWorks (unlisted)',
    call: (c, v) => addWorks(c.t.db, v, c.unlistedId, [W]),
    expect: all('NOT_PLAYLIST_OWNER', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'removeWorks (private)',
    setup: resetPrivate,
    call: (c, v) => removeWorks(c.t.db, v, c.privateId, [W]),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  {
    name: 'setLike (unlisted)',
    call: (c, v) => setLike(c.t.db, v, c.unlistedId, true),
    expect: all('ok', { owner: 'LIKE_OWN_PLAYLIST' }),
  },
  {
    name: 'setLike (private)',
    setup: resetPrivate,
    call: (c, v) => setLike(c.t.db, v, c.privateId, true),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'LIKE_OWN_PLAYLIST' }),
  },
  {
    name: 'deletePlaylist (private)',
    setup: resetPrivate,
    call: (c, v) => deletePlaylist(c.t.db, v, c.privateId),
    expect: all('PLAYLIST_NOT_FOUND', { anonymous: 'NO_TOKEN', owner: 'ok' }),
  },
  { name: 'getQueue', call: (c, v) => getQueue(c.t.db, v), expect: all('ok', { guest: 'GUEST_LISTENING' }) },
  {
    name: 'listAppPasswords',
    call: (c, v) => listAppPasswords(c.t.app.ctx, v),
    expect: all('ok', { guest: 'GUEST_APP_PASSWORD' }),
  },
  { name: 'listAccounts', call: (c, v) => listAccounts(c.t.db, v), expect: adminOnly() },
  { name: 'listInvitations', call: (c, v) => listInvitations(c.t.db, v), expect: adminOnly() },
  { name: 'rootsFor', call: (c, v) => rootsFor(c.t.app.ctx, v), expect: adminOnly() },
  { name: 'listBackups', call: async (c, v) => listBackups(c.t.app.ctx, v), expect: adminOnly() },
  { name: 'settingsFor', call: async (c, v) => settingsFor(c.t.app.ctx, v), expect: adminOnly() },
  {
    name: 'listFeedback',
    call: (c, v) => listFeedback(c.t.db, v, { page: 1, pageSize: 10 }),
    expect: adminOnly(),
  },
];

/** 'ok', or the code of the refusal, thrown at once or rejected later. */
async function answerOf(call: () => Promise<unknown>): Promise<Answer> {
  try {
    await call();
    return 'ok';
  } catch (err) {
    if (err instanceof HttpError) return err.code;
    throw err;
  }
}

describe.each(DIALECTS)('the services’ access table (%s)', (dialect) => {
  const c = {} as Ctx;

  beforeAll(async () => {
    c.t = await startTestApp(dialect);
    const { db } = c.t;
    await seedWorks(db, CATALOGUE);
    const make = async (name: string, extra: { group?: 'administrator'; email?: string } = {}) =>
      viewerOf(db, (await createUser(db, { name, password: `${name}-password`, email: null, ...extra })).id);
    const owner = await make('owner-acct', { email: 'owner@example.org' });
    c.viewers = {
      anonymous: ANONYMOUS,
      guest: await viewerOf(db, (await findUserByName(db, GUEST_NAME))!.id),
      plain: await make('plain-acct'),
      other: await make('other-acct', { email: 'other@example.org' }),
      owner,
      admin: await make('admin-acct', { group: 'administrator', email: 'admin@example.org' }),
    };
    c.privateId = await createPlaylist(db, owner, { name: 'Private' }, [W]);
    c.unlistedId = await createPlaylist(db, owner, { name: 'Unlisted', privacy: 1 }, [W]);
    await ensureSystemPlaylists(db, (owner as { id: number }).id);
    c.markedId = (
      await db
        .selectFrom('playlists')
        .select('id')
        .where('user_id', '=', (owner as { id: number }).id)
        .where('system_kind', '=', 'marked')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => c.t?.close());

  it('the guest account is the shared guest, whatever its row says', () => {
    expect(c.viewers.guest).toMatchObject({ kind: 'account', group: 'guest' });
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      const got: Partial<Expect> = {};
      for (const role of ROLES) {
        await row.setup?.(c);
        got[role] = await answerOf(() => row.call(c, c.viewers[role]));
      }
      expect(got).toEqual(row.expect);
    });
  }
});
