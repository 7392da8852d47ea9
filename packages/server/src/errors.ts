/** Errors that carry an HTTP status and the `{error}` message a client shows (docs/product.md §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
    /** Stable name of the failure, sent as `code` beside the message. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, details?: unknown) => new HttpError(400, msg, details);
export const unauthorized = (msg = 'No authorization token was found') => new HttpError(401, msg);
export const forbidden = (msg: string) => new HttpError(403, msg);
export const notFound = (msg: string, details?: unknown) => new HttpError(404, msg, details);
export const conflict = (msg: string) => new HttpError(409, msg);

/** The disk that holds the data folder (database, caches) is full: 507, nothing was written. */
export const insufficientStorage = () =>
  new HttpError(
    507,
    'The server has no disk space left: nothing was saved. Try again once space has been freed.',
    undefined,
    'INSUFFICIENT_STORAGE',
  );

/** Whether an error says the disk (or quota) is full: file system, SQLite or PostgreSQL. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // ENOSPC/EDQUOT from Node, SQLITE_FULL from better-sqlite3, 53100 (disk_full) from PostgreSQL.
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100';
}

/** Seconds a client is asked to wait (Retry-After) before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

const unavailable = (message: string, code: string) => new HttpError(503, message, undefined, code);

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
    return unavailable('The database took too long to answer: try again later.', 'DB_TIMEOUT');
  }
  if (/timeout exceeded when trying to connect/i.test(message) || /^SQLITE_(BUSY|LOCKED)/.test(code)) {
    return unavailable('The database is busy: try again in a few seconds.', 'DB_BUSY');
  }
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || CONNECTION_MESSAGES.test(message)) {
    return unavailable('The database is unreachable: try again in a few seconds.', 'DB_UNAVAILABLE');
  }
  return null;
}
