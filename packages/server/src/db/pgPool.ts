/**
 * The PostgreSQL connection pool, built to outlive its connections:
 * - a connection that drops (server restart, `pg_terminate_backend`, network) is logged and
 *   replaced by the next checkout; it never reaches Node as an unhandled `error` event;
 * - every connection runs with `statement_timeout`, so no statement holds a backend for long;
 * - waiting for a free connection gives up after `connectTimeoutMs` (a 503, see errors.ts);
 * - a query run for an HTTP request whose client has gone away is cancelled on the server
 *   (`pg_cancel_backend`), and its connection is discarded rather than reused, so a late cancel
 *   can never hit the next request's query.
 * Kysely only needs `connect()` → `{query, release}` and `end()`, which is what this returns.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { currentRequest, RequestGoneError } from './requestScope.ts';

export interface PgPoolOptions {
  url: string;
  /** search_path to set on every connection. */
  schema?: string;
  max: number;
  /** 0 disables the timeout. */
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  /** Told about connections that failed outside any query. */
  onConnectionError: (err: Error) => void;
}

export function connectionConfig(opts: Pick<PgPoolOptions, 'url' | 'schema' | 'connectTimeoutMs'>) {
  return {
    connectionString: opts.url,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    // Names the server's backends in pg_stat_activity (per schema, so tests can find their own).
    application_name: opts.schema ? `sasayaki:${opts.schema}` : 'sasayaki',
    ...(opts.schema ? { options: `-c search_path=${opts.schema},public` } : {}),
  };
}

/** Asks the server to cancel what backend `pid` is running, over a connection of its own. */
async function cancelBackend(opts: PgPoolOptions, pid: number): Promise<void> {
  const c = new pg.Client(connectionConfig(opts));
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select pg_cancel_backend($1)', [pid]);
  } catch (err) {
    opts.onConnectionError(err as Error);
  } finally {
    await c.end().catch(() => {});
  }
}

/** Connections of the pool: open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export function resilientPool(opts: PgPoolOptions): PostgresPool & { stats(): PoolStats } {
  const pool = new pg.Pool({
    ...connectionConfig(opts),
    max: opts.max,
    ...(opts.statementTimeoutMs > 0
      ? {
          statement_timeout: opts.statementTimeoutMs,
          idle_in_transaction_session_timeout: opts.statementTimeoutMs * 2,
        }
      : {}),
  });
  // Idle connections that drop are removed by the pool, which then emits this.
  pool.on('error', (err) => opts.onConnectionError(err));

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      // While checked out, the pool's own listener is off: ours keeps a drop between two
      // statements of a transaction from becoming an unhandled `error` event.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
        opts.onConnectionError(err);
      };
      client.on('error', onError);
      return {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely passes either SQL text or a cursor.
        async query(...args: any[]): Promise<any> {
          const signal = currentRequest()?.signal;
          if (!signal) return (client.query as (...a: unknown[]) => unknown)(...args);
          if (signal.aborted) throw new RequestGoneError();
          const cancel = () => {
            broken ??= new RequestGoneError();
            void cancelBackend(opts, (client as unknown as { processID: number }).processID);
          };
          signal.addEventListener('abort', cancel, { once: true });
          try {
            return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            signal.removeEventListener('abort', cancel);
          }
        },
        release() {
          client.removeListener('error', onError);
          // A connection that dropped or had a cancel sent is closed, not handed out again.
          client.release(broken);
        },
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
