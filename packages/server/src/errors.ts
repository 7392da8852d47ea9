import {
  ERRORS,
  type ErrorArgs,
  type ErrorCode,
  type ErrorParamValue,
  fillPlaceholders,
} from '@sasayaki/contract/errors';
import type { FastifyReply } from 'fastify';

/**
 * An error answer of the catalogue (packages/contract/src/errors.ts, docs/product.md §8): its
 * code gives the status and the message; `params` fill the message, `details` go along as they are.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  details?: unknown;

  constructor(
    /** Stable name of the failure, sent as `code` beside the message. */
    readonly code: ErrorCode,
    readonly params?: Readonly<Record<string, ErrorParamValue>>,
  ) {
    super(fillPlaceholders(ERRORS[code].message, params));
    this.statusCode = ERRORS[code].status;
  }

  /** Adds the `details` of the answer (e.g. the tries left, or candidate works). */
  withDetails(details: unknown): this {
    this.details = details;
    return this;
  }

  /** The answer body: `{error, code, params?, details?}`. */
  body(): { error: string; code: ErrorCode; params?: Record<string, ErrorParamValue>; details?: unknown } {
    return {
      error: this.message,
      code: this.code,
      ...(this.params ? { params: { ...this.params } } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
    };
  }
}

/** The error of a catalogue code, with the parameters its message names. */
export function fail<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): HttpError {
  return new HttpError(code, args[0] as Record<string, ErrorParamValue> | undefined);
}

/**
 * A 4xx Fastify raised itself (a body that is not JSON, too large, of another type): its text, with
 * the code of its status; any other 4xx keeps its status and reads as a bad request.
 */
export function clientError(status: number, reason: string): HttpError {
  if (status === 413) return fail('BODY_TOO_LARGE', { reason });
  if (status === 415) return fail('UNSUPPORTED_MEDIA_TYPE', { reason });
  const err = fail('BAD_REQUEST', { reason });
  (err as { statusCode: number }).statusCode = status;
  return err;
}

/** Answers with the error's status and body. */
export function sendError(reply: FastifyReply, err: HttpError): FastifyReply {
  return reply.code(err.statusCode).send(err.body());
}

/** The disk that holds the data folder (database, caches) is full: 507, nothing was written. */
export const insufficientStorage = () => fail('INSUFFICIENT_STORAGE');

/** Whether an error says the disk (or quota) is full: file system, SQLite or PostgreSQL. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // ENOSPC/EDQUOT from Node, SQLITE_FULL from better-sqlite3, 53100 (disk_full) from PostgreSQL.
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100';
}

/** Seconds a client is asked to wait (Retry-After) before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

// Connection-level failures: refused, reset or dropped connections, PostgreSQL shutting down or
// starting (57P01–57P03), too many connections (53300), connection exceptions (class 08).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
// node-postgres raises these without a code.
const CONNECTION_MESSAGES = /Connection terminated|not queryable|Connection ended|connection timeout/i;

/**
 * The 503 for an infrastructure failure that is not the request's fault and may pass: the
 * database unreachable or dropping connections, no free connection (pool exhausted, SQLite
 * locked), a statement cancelled by the statement timeout. Null for any other error.
 */
export function unavailableFor(err: unknown): HttpError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === '57014' || code === 'SQLITE_INTERRUPT') {
    return fail('DB_TIMEOUT');
  }
  if (/timeout exceeded when trying to connect/i.test(message) || /^SQLITE_(BUSY|LOCKED)/.test(code)) {
    return fail('DB_BUSY');
  }
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || CONNECTION_MESSAGES.test(message)) {
    return fail('DB_UNAVAILABLE');
  }
  return null;
}
