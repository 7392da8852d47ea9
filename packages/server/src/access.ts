/**
 * Every permission decision of the API, in one table: may principal P do action A on target T?
 * Roles: anonymous, guest (the shared `guest` account), user, owner (of the target), admin.
 * Services ask it (`requireAccess(viewer, action, target)`) after loading the target, so every
 * adapter (/api, /rest) gets the same answer; a refusal is the HttpError of the catalogue code
 * (docs/product.md §8) that the web app translates. The rules are those of docs/product.md §5–§6.
 */

import type { ErrorCode } from '@sasayaki/contract/errors';
import type { Principal } from './auth/principal.ts';
import { fail, HttpError } from './errors.ts';

export type Action =
  /** Any signed-in account: read own reviews, progress, playlists list, exist status. */
  | 'account.use'
  | 'review.write'
  | 'password.change'
  | 'email.link'
  /** Make, list and revoke one's app passwords (the Subsonic API). */
  | 'appPassword.manage'
  | 'sessions.manage'
  | 'tag.vote'
  | 'tag.attach'
  /** Send subtitles for review: the rule of tag votes (an account of one's own, a bound email). */
  | 'subtitle.contribute'
  /** Review the community subtitles' queue; a contributor's own pending text is `subtitle.read`. */
  | 'subtitle.review'
  | 'playlist.create'
  | 'playlist.read'
  | 'playlist.edit'
  | 'playlist.rename'
  | 'playlist.delete'
  | 'playlist.like'
  /** Positions, queue, history and bookmarks: per person, so not on the shared guest account. */
  | 'listening.use'
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

/** A refusal names its catalogue code, which gives the status and message (docs/product.md §8). */
export type Decision = { ok: true } | { ok: false; code: ErrorCode };

const ALLOW: Decision = { ok: true };
const deny = (code: ErrorCode): Decision => ({ ok: false, code });

/** The decision table; pure, so the access test can walk it for every role. */
export function decide(
  p: Principal,
  action: Action,
  target?: { playlist?: PlaylistTarget; account?: AccountFacts },
  authError?: 'JWT_EXPIRED' | null,
): Decision {
  const pl = target?.playlist;
  // Reading an unlisted or public playlist needs no account.
  if (action === 'playlist.read' && pl && pl.privacy > 0) return ALLOW;
  if (p.kind === 'anonymous') {
    if (action === 'playlist.read') return deny('PLAYLIST_NOT_FOUND');
    return deny(authError ?? 'NO_TOKEN');
  }
  const guest = p.group === 'guest';
  const admin = p.group === 'administrator';
  const owner = !!pl && pl.userId === p.id;
  switch (action) {
    case 'account.use':
    case 'review.write':
      return ALLOW;
    case 'password.change':
      return guest ? deny('GUEST_PASSWORD') : ALLOW;
    case 'email.link':
      return guest ? deny('GUEST_EMAIL') : ALLOW;
    case 'appPassword.manage':
      // The guest account is shared: its app passwords would be every visitor's to read and revoke.
      return guest ? deny('GUEST_APP_PASSWORD') : ALLOW;
    case 'sessions.manage':
      // Shared by every visitor: its device list would show each one the others' addresses.
      return guest ? deny('GUEST_SESSIONS') : ALLOW;
    case 'tag.vote':
    case 'tag.attach':
    case 'subtitle.contribute':
      if (guest) return deny('GUEST_VOTE');
      return target?.account?.hasEmail ? ALLOW : deny('MUST_BIND_EMAIL');
    case 'playlist.create':
      return guest ? deny('GUEST_PLAYLIST') : ALLOW;
    case 'playlist.read':
      // Private: the owner only, not even an administrator (nobody reads another's private list).
      return owner ? ALLOW : deny('PLAYLIST_NOT_FOUND');
    case 'playlist.edit':
      if (!pl || (!owner && pl.privacy === 0)) return deny('PLAYLIST_NOT_FOUND');
      return owner ? ALLOW : deny('NOT_PLAYLIST_OWNER');
    case 'playlist.rename':
    case 'playlist.delete': {
      const base = decide(p, 'playlist.edit', target);
      if (!base.ok) return base;
      if (!pl?.systemKind) return ALLOW;
      return deny(action === 'playlist.rename' ? 'RENAME_SYSTEM_PLAYLIST' : 'SYSTEM_PLAYLIST');
    }
    case 'playlist.like':
      if (!pl || (!owner && pl.privacy === 0)) return deny('PLAYLIST_NOT_FOUND');
      return owner ? deny('LIKE_OWN_PLAYLIST') : ALLOW;
    case 'listening.use':
      return guest ? deny('GUEST_LISTENING') : ALLOW;
    case 'subtitle.review':
    case 'admin':
      return admin ? ALLOW : deny('ADMIN_ONLY');
  }
}

/** What an action looks at beyond the viewer. */
export interface AccessTarget {
  playlist?: PlaylistTarget;
  account?: AccountFacts;
}

/**
 * The services' one question: throws the refusal of `decide` (an HttpError with its catalogue
 * code) unless `viewer` may do `action` to `target`; returns the viewer otherwise. A viewer whose
 * token was refused is anonymous with `authError`, so login-only actions answer `jwt expired`.
 */
export function requireAccess(viewer: Principal, action: Action, target?: AccessTarget): Principal {
  const authError = viewer.kind === 'anonymous' ? (viewer.authError ?? null) : null;
  const d = decide(viewer, action, target, authError);
  if (!d.ok) throw new HttpError(d.code);
  return viewer;
}

/** A signed-in account. */
export type AccountPrincipal = Extract<Principal, { kind: 'account' }>;

/** The signed-in viewer, or 401 (`jwt expired` for a refused token) that clears the web app's session. */
export function requireAccount(viewer: Principal): AccountPrincipal {
  const p = requireAccess(viewer, 'account.use');
  if (p.kind !== 'account') throw fail('NO_TOKEN');
  return p;
}

/**
 * Who may read /metrics: anyone with the metrics token (site setting `metricsToken`), else a
 * scraper on this host or on a trusted proxy's address that asks directly. A request relayed by
 * a proxy (X-Forwarded-For) counts as coming from its original client, so a proxy in front of
 * the site does not open /metrics to the world. Pure, so the access test walks it.
 */
export function decideMetrics(facts: { tokenSet: boolean; tokenOk: boolean; local: boolean }): Decision {
  if (facts.tokenOk || facts.local) return ALLOW;
  return deny(facts.tokenSet ? 'METRICS_TOKEN' : 'ROUTE_NOT_FOUND');
}
