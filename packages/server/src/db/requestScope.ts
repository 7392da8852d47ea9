/**
 * The abort signal of the HTTP request a database query runs for, carried in async context so
 * the PostgreSQL pool can cancel the backend's query when the client goes away (db/pgPool.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/** Runs `fn` (and everything it starts) on behalf of a request that aborts with `signal`. */
export function runForRequest<T>(signal: AbortSignal, fn: () => T): T {
  return scope.run(signal, fn);
}

/** The signal of the request the current code runs for, if any. */
export function currentRequestSignal(): AbortSignal | undefined {
  return scope.getStore();
}
