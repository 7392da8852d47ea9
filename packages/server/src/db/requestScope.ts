/**
 * The HTTP request a piece of work runs for, carried in async context: its arrival number, so a
 * shared resource can serve the oldest request first (db/turns.ts), and a signal that aborts when
 * the client goes away, so work nobody will read is dropped (the SQLite turns) or cancelled on
 * the server (db/pgPool.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError } from '../errors.ts';

export interface RequestScope {
  /** Increases with each request and each piece of work outside one: lower is older. */
  readonly arrival: number;
  readonly signal: AbortSignal;
  /** The client's address (as trusted, see urls.ts): turns shared fairly go round the addresses. */
  readonly address?: string;
}

const scope = new AsyncLocalStorage<RequestScope>();
let arrivals = 0;

/** The next arrival number, for a request or for work that runs outside one. */
export function nextArrival(): number {
  arrivals += 1;
  return arrivals;
}

/** A scope for a request that has just arrived and whose client gives up with `signal`. */
export function newRequestScope(signal: AbortSignal, address?: string): RequestScope {
  return { arrival: nextArrival(), signal, address };
}

/** Runs `fn` (and everything it starts) on behalf of the request of `requestScope`. */
export function runForRequest<T>(requestScope: RequestScope, fn: () => T): T {
  return scope.run(requestScope, fn);
}

/**
 * Runs `fn` as work of its own rather than of the current request (a rescan an administrator
 * starts): it is not dropped when that client leaves, and does not keep the request's age.
 */
export function outsideRequest<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** The request the current code runs for, if any. */
export function currentRequest(): RequestScope | undefined {
  return scope.getStore();
}

/** The request's client went away before its work ran: nobody reads the answer (499, as nginx logs it). */
export class RequestGoneError extends HttpError {
  constructor() {
    super('CLIENT_CLOSED_REQUEST');
  }
}
