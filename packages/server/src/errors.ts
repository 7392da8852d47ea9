/** Errors that carry an HTTP status and the `{error}` message a client shows (spec §8). */
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
