/**
 * The error catalogue of docs/product.md §8: an answer's `code` picks its translation (`errorCodes.*`,
 * filled with the answer's `params`); an unknown code shows the server's text, a body without one
 * the status and text; non-HTTP errors show their message or "Unknown error"; cancelled requests
 * are silent.
 */
import type { ErrorCode } from '@sasayaki/contract/errors';
import { i18n, type TFunction } from '../i18n/index.ts';

export class ApiError extends Error {
  /** The catalogue code of the answer (`{code}`), when it sent one. */
  readonly code: string | null;
  /** The values the message names (`{params}`). */
  readonly params: Readonly<Record<string, unknown>>;

  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's `{error}` text, when it sent one. */
    readonly serverMessage: string | null,
    readonly body: unknown,
  ) {
    super(serverMessage ?? `${status} ${statusText}`);
    this.name = 'ApiError';
    const b = body && typeof body === 'object' ? (body as { code?: unknown; params?: unknown }) : {};
    this.code = typeof b.code === 'string' ? b.code : null;
    this.params = b.params && typeof b.params === 'object' ? (b.params as Record<string, unknown>) : {};
  }
}

/** Codes that end the session (docs/product.md §4, §8): the login is offered with the message. */
const SESSION_CODES: ReadonlySet<string> = new Set<ErrorCode>(['JWT_EXPIRED', 'NO_TOKEN']);

export function isSessionError(err: unknown): boolean {
  return err instanceof ApiError && err.code !== null && SESSION_CODES.has(err.code);
}

/**
 * The message key of a catalogue code (`errorCodes.<CODE>`), or null for a code the app has no text
 * for. Asked of the translations (the English ones name every code, errorCodes.test.ts), not of the
 * contract's catalogue, whose 14 KB of server messages the app would otherwise load on start.
 */
export function errorCodeKey(code: string | null): string | null {
  const key = `errorCodes.${code}`;
  return code !== null && /^[A-Z][A-Z0-9_]*$/.test(code) && i18n.exists(key) ? key : null;
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
    const key = errorCodeKey(err.code);
    if (key) return t(key, err.params);
    if (err.serverMessage) return err.serverMessage;
    return t('errors.http', { status: err.status, statusText: err.statusText });
  }
  if (err instanceof TypeError) return t('errors.network');
  if (err instanceof Error && err.message) return err.message;
  return t('errors.unknown');
}
