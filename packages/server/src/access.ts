/**
 * Every permission decision of the API, in one table: may principal P do action A on target T?
 * Roles: anonymous, guest (the shared `guest` account), user, owner (of the target), admin.
 * Routes call `authorize(req, action, target)`; it throws the HttpError with the exact message
 * of docs/product.md §8 that the web app translates. The rules are those of docs/product.md §5–§6.
 */
import type { FastifyRequest } from 'fastify';
import type { Principal } from './auth/principal.ts';
import { HttpError } from './errors.ts';

export const ACCESS_MESSAGES = {
  noToken: 'No authorization token was found',
  guestPassword: 'guest cannot change password',
  guestEmail: 'guest cannot link email',
  guestPlaylist: 'guest cannot create playlist',
  guestVote: 'guest cannot vote',
  mustBindEmail: 'must bind email first',
  systemPlaylist: 'cannot create or delete system playlist',
  renameSystem: 'cannot rename system playlist',
  likeOwn: 'cannot like own playlist',
  playlistNotFound: 'playlist not found',
  notOwner: 'only the owner can change this playlist',
  adminOnly: 'administrator only',
} as const;

export type Action =
  /** Any signed-in account: read own reviews, progress, playlists list, exist status. */
  | 'account.use'
  | 'review.write'
  | 'password.change'
  | 'email.link'
  | 'tag.vote'
  | 'tag.attach'
  | 'playlist.create'
  | 'playlist.read'
  | 'playlist.edit'
  | 'playlist.rename'
  | 'playlist.delete'
  | 'playlist.like'
  | 'admin';

/** What a playlist action looks at: the owner, the privacy and whether it is a system one. */
export interface PlaylistTarget {
  userId: number;
  privacy: number;
  systemKind: string | null;
}

export interface AccountFacts {
  /** Whether the caller has a bound email (tag votes need one). */
  hasEmail?: boolean;
}

export type Decision = { ok: true } | { ok: false; status: number; message: string };

const ALLOW: Decision = { ok: true };
const deny = (status: number, message: string): Decision => ({ ok: false, status, message });

/** The decision table; pure, so the access test can walk it for every role. */
export function decide(
  p: Principal,
  action: Action,
  target?: { playlist?: PlaylistTarget; account?: AccountFacts },
  authError?: string | null,
): Decision {
  const pl = target?.playlist;
  // Reading an unlisted or public playlist needs no account.
  if (action === 'playlist.read' && pl && pl.privacy > 0) return ALLOW;
  if (p.kind === 'anonymous') {
    if (action === 'playlist.read') return deny(404, ACCESS_MESSAGES.playlistNotFound);
    return deny(401, authError ?? ACCESS_MESSAGES.noToken);
  }
  const guest = p.group === 'guest';
  const admin = p.group === 'administrator';
  const owner = !!pl && pl.userId === p.id;
  switch (action) {
    case 'account.use':
    case 'review.write':
      return ALLOW;
    case 'password.change':
      return guest ? deny(403, ACCESS_MESSAGES.guestPassword) : ALLOW;
    case 'email.link':
      return guest ? deny(403, ACCESS_MESSAGES.guestEmail) : ALLOW;
    case 'tag.vote':
    case 'tag.attach':
      if (guest) return deny(403, ACCESS_MESSAGES.guestVote);
      return target?.account?.hasEmail ? ALLOW : deny(403, ACCESS_MESSAGES.mustBindEmail);
    case 'playlist.create':
      return guest ? deny(403, ACCESS_MESSAGES.guestPlaylist) : ALLOW;
    case 'playlist.read':
      // Private: the owner only, not even an administrator (nobody reads another's private list).
      return owner ? ALLOW : deny(404, ACCESS_MESSAGES.playlistNotFound);
    case 'playlist.edit':
      if (!pl || (!owner && pl.privacy === 0)) return deny(404, ACCESS_MESSAGES.playlistNotFound);
      return owner ? ALLOW : deny(403, ACCESS_MESSAGES.notOwner);
    case 'playlist.rename':
    case 'playlist.delete': {
      const base = decide(p, 'playlist.edit', target);
      if (!base.ok) return base;
      if (!pl?.systemKind) return ALLOW;
      return deny(
        403,
        action === 'playlist.rename' ? ACCESS_MESSAGES.renameSystem : ACCESS_MESSAGES.systemPlaylist,
      );
    }
    case 'playlist.like':
      if (!pl || (!owner && pl.privacy === 0)) return deny(404, ACCESS_MESSAGES.playlistNotFound);
      return owner ? deny(403, ACCESS_MESSAGES.likeOwn) : ALLOW;
    case 'admin':
      return admin ? ALLOW : deny(403, ACCESS_MESSAGES.adminOnly);
  }
}

/** Throws the refusal of `decide` for this request; returns the signed-in account otherwise. */
export function authorize(
  req: FastifyRequest,
  action: Action,
  target?: { playlist?: PlaylistTarget; account?: AccountFacts },
): Principal {
  const d = decide(req.principal, action, target, req.authError);
  if (!d.ok) throw new HttpError(d.status, d.message);
  return req.principal;
}

/** The signed-in caller's id, or 401 with the message that clears the web app's session. */
export function requireAccount(req: FastifyRequest): Extract<Principal, { kind: 'account' }> {
  const p = authorize(req, 'account.use');
  if (p.kind !== 'account') throw new HttpError(401, ACCESS_MESSAGES.noToken);
  return p;
}
