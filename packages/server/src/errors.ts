/** Errors that carry an HTTP status and the `{error}` message a client shows (spec §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, details?: unknown) => new HttpError(400, msg, details);
export const unauthorized = (msg = 'No authorization token was found') => new HttpError(401, msg);
export const forbidden = (msg: string) => new HttpError(403, msg);
export const notFound = (msg: string, details?: unknown) => new HttpError(404, msg, details);
export const conflict = (msg: string) => new HttpError(409, msg);
