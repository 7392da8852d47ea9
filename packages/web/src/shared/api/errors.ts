/**
 * The error catalogue of docs/product.md §8: server messages translated when known, otherwise status and
 * text; non-HTTP errors show their message or "Unknown error"; cancelled requests are silent.
 */
import type { TFunction } from 'i18next';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's `{error}` text, when it sent one. */
    readonly serverMessage: string | null,
    readonly body: unknown,
  ) {
    super(serverMessage ?? `${status} ${statusText}`);
    this.name = 'ApiError';
  }
}

/** Server texts that end the session (docs/product.md §4, §8) and the message key each shows. */
export const SESSION_ERRORS: Record<string, string> = {
  'jwt expired': 'auth.loginExpired',
  'No authorization token was found': 'auth.needLogin',
};

/** Known server messages (matched case-insensitively) → message keys of `errors.*`. */
const KNOWN: [RegExp, string][] = [
  [/unlink.*email.*first/i, 'errors.mustUnlinkEmailFirst'],
  [/email.*(already )?linked to another/i, 'errors.emailLinkedToOther'],
  [/guest.*(cannot|can't|not allowed).*link/i, 'errors.guestCannotLinkEmail'],
  [/not verified yet/i, 'errors.notVerifiedYet'],
  [/^user not found/i, 'errors.userNotFound'],
  [/verif\w* id.*expired/i, 'errors.verifyIdExpired'],
  [/guest.*(cannot|can't|not allowed).*password/i, 'errors.guestCannotChangePassword'],
  [/guest.*(cannot|can't|not allowed).*create.*playlist/i, 'errors.guestCannotCreatePlaylist'],
  [/system playlist/i, 'errors.systemPlaylist'],
  [/like (your|their)? ?own playlist/i, 'errors.cannotLikeOwnPlaylist'],
  [/playlist not found/i, 'errors.playlistNotFound'],
  [/guest.*(cannot|can't|not allowed).*vote/i, 'errors.guestCannotVote'],
  [/(bind|link).*email.*first/i, 'errors.mustBindEmailFirst'],
];

export function knownMessageKey(serverMessage: string): string | null {
  if (SESSION_ERRORS[serverMessage]) return SESSION_ERRORS[serverMessage]!;
  for (const [re, key] of KNOWN) if (re.test(serverMessage)) return key;
  return null;
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException
    ? err.name === 'AbortError'
    : err instanceof Error && (err.name === 'AbortError' || err.name === 'CanceledError');
}

/** The text a person sees for an error, or null when it must stay silent (cancelled). */
export function errorText(err: unknown, t: TFunction): string | null {
  if (isAbort(err)) return null;
  if (err instanceof ApiError) {
    if (err.serverMessage) {
      const key = knownMessageKey(err.serverMessage);
      return key ? t(key, { attempt: 1 }) : err.serverMessage;
    }
    return t('errors.http', { status: err.status, statusText: err.statusText });
  }
  if (err instanceof TypeError) return t('errors.network');
  if (err instanceof Error && err.message) return err.message;
  return t('errors.unknown');
}
