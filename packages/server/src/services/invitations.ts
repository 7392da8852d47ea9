/**
 * Invitations (docs/console.md): an administrator makes a one-time code with an expiry and a
 * note; whoever has it may register once, also while registration is closed. Only the SHA-256 of
 * a code is stored, so the list (and a copy of the database) cannot give codes away; the code is
 * shown once, when it is made.
 */
import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_DAYS, type Invitation, type InvitationStatus } from '@sasayaki/contract';
import { requireAccess, requireAccount } from '../access.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connect.ts';
import type { InvitationRow, UserRow } from '../db/schema.ts';
import { fail } from '../errors.ts';
import {
  claimInvitation,
  findInvitationByHash,
  insertInvitation,
  recentInvitations,
  revokeInvitation as revokeRow,
} from '../repositories/invitations.ts';
import { recordAudit } from './audit.ts';
import { insertPreparedUser, prepareUser } from './users.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The console lists this many, newest first. */
export const INVITATIONS_LISTED = 200;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

function statusOf(row: InvitationRow, now: number): InvitationStatus {
  if (row.used_at !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'open';
}

export function invitationView(row: InvitationRow, now = Date.now()): Invitation {
  return {
    id: row.id,
    note: row.note,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    status: statusOf(row, now),
    usedAt: row.used_at === null ? null : Number(row.used_at),
    usedBy: row.used_by,
  };
}

export async function listInvitations(db: Db, viewer: Principal): Promise<Invitation[]> {
  requireAccess(viewer, 'admin');
  const now = Date.now();
  return (await recentInvitations(db, INVITATIONS_LISTED)).map((r) => invitationView(r, now));
}

/** A new invitation of the administrator's; its code is answered this once (only its hash is kept). */
export async function createInvitation(
  db: Db,
  viewer: Principal,
  input: { note?: string; days?: number },
): Promise<{ invitation: Invitation; code: string }> {
  const by = requireAccount(viewer).name;
  requireAccess(viewer, 'admin');
  const code = randomBytes(32).toString('base64url');
  const now = Date.now();
  const row = await insertInvitation(db, {
    code_hash: hashOf(code),
    note: (input.note ?? '').trim(),
    created_by: by,
    created_at: now,
    expires_at: now + (input.days ?? INVITATION_DAYS.default) * DAY_MS,
  });
  const invitation = invitationView(row, now);
  await recordAudit(db, viewer, {
    action: 'invitation.create',
    target: invitation.note || `#${invitation.id}`,
    details: { id: invitation.id, expiresAt: invitation.expiresAt },
  });
  return { invitation, code };
}

export async function revokeInvitation(db: Db, viewer: Principal, id: number): Promise<void> {
  requireAccess(viewer, 'admin');
  if (!(await revokeRow(db, id, Date.now()))) throw fail('INVITATION_NOT_FOUND');
  await recordAudit(db, viewer, { action: 'invitation.revoke', target: `#${id}`, details: { id } });
}

/** The open invitation of this code, or INVITATION_INVALID. */
export async function openInvitation(db: Db, code: string): Promise<Invitation> {
  const row = await findInvitationByHash(db, hashOf(code));
  const view = row ? invitationView(row) : undefined;
  if (view?.status !== 'open') throw fail('INVITATION_INVALID');
  return view;
}

/**
 * Registers an account with the code: the invitation is claimed and the account made in one
 * transaction, so a refused name leaves the code usable and two redemptions at once make one
 * account. Registration may be closed: the invitation is the permission.
 */
export async function redeemInvitation(
  db: Db,
  input: { code: string; name: string; password: string },
): Promise<{ user: UserRow; invitation: Invitation }> {
  await openInvitation(db, input.code);
  const prepared = await prepareUser({ name: input.name, password: input.password, group: 'user' });
  const codeHash = hashOf(input.code);
  const user = await db.transaction().execute(async (tx) => {
    if (!(await claimInvitation(tx, codeHash, prepared.name, Date.now()))) throw fail('INVITATION_INVALID');
    return insertPreparedUser(tx, prepared);
  });
  const invitation = invitationView((await findInvitationByHash(db, codeHash)) as InvitationRow);
  // The new account is the actor: the log tells who came in through which invitation.
  await recordAudit(
    db,
    { kind: 'account', id: user.id, name: user.name, group: 'user' },
    {
      action: 'invitation.use',
      target: invitation.note || `#${invitation.id}`,
      details: { id: invitation.id, createdBy: invitation.createdBy },
    },
  );
  return { user, invitation };
}
