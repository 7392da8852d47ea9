/**
 * The protocol's fixed parts: the version we speak, the OpenSubsonic extensions we serve and
 * the error codes of the Subsonic API (an answer with status "failed" and HTTP 200).
 */
import { APP_VERSION } from '@sasayaki/contract';

export const PROTOCOL_VERSION = '1.16.1';
export const SERVER_TYPE = 'sasayaki';
export const SERVER_VERSION = APP_VERSION;

/** getOpenSubsonicExtensions: each extension with the versions of it we implement. */
export const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
  { name: 'transcodeOffset', versions: [] as number[] },
].filter((e) => e.versions.length > 0);

/** Subsonic error codes (the protocol's numbers, which clients switch on). */
export const ERROR = {
  GENERIC: 0,
  MISSING_PARAMETER: 10,
  WRONG_CREDENTIALS: 40,
  TOKEN_NOT_SUPPORTED: 41,
  MECHANISM_NOT_SUPPORTED: 42,
  CONFLICTING_MECHANISMS: 43,
  INVALID_API_KEY: 44,
  NOT_AUTHORIZED: 50,
  NOT_FOUND: 70,
} as const;

export type ErrorNumber = (typeof ERROR)[keyof typeof ERROR];

/** A failed call: answered as `{status: "failed", error: {code, message}}`. */
export class SubsonicError extends Error {
  constructor(
    readonly code: ErrorNumber,
    message: string,
  ) {
    super(message);
  }
}

export const missing = (name: string) =>
  new SubsonicError(ERROR.MISSING_PARAMETER, `Required parameter is missing: ${name}`);
export const notFound = (what: string) => new SubsonicError(ERROR.NOT_FOUND, `${what} not found`);
export const invalid = (name: string, why: string) =>
  new SubsonicError(ERROR.GENERIC, `Invalid ${name}: ${why}`);
export const notAuthorized = (why: string) => new SubsonicError(ERROR.NOT_AUTHORIZED, why);
