/**
 * Opens the catalogue database: SQLite (better-sqlite3, a file in the data folder) by default,
 * PostgreSQL when a `postgres://` URL is configured. Both are brought to the latest schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type KyselyConfig, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.ts';
import { migrateToLatest } from './migrations.ts';
import { type PoolStats, resilientPool } from './pgPool.ts';
import type { Database } from './schema.ts';
import { OldestRequestFirstSqliteDialect } from './sqliteDialect.ts';
import { withStatementCache } from './statementCache.ts';

export type { Dialect };

/**
 * The catalogue database: a Kysely handle (what repositories and services query, and open
 * transactions on) that knows its dialect, for the few statements that differ between the two.
 */
export class Db extends Kysely<Database> {
  constructor(
    config: KyselyConfig,
    readonly dialect: Dialect,
    /** PostgreSQL: the pool's connections now (SQLite has one connection and no pool). */
    readonly poolStats?: () => PoolStats,
    /** PostgreSQL: where to open a connection of one's own (listeners, session locks). */
    readonly pgTarget?: PgTarget,
  ) {
    super(config);
  }

  private readonly closers: (() => Promise<void>)[] = [];

  /** SQLite: the file's one connection (online backups and restores go through it). */
  sqliteConnection?: SQLite.Database;

  /** Something to close with the database (a connection of its own: db/dedicated.ts). */
  onClose(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  override async destroy(): Promise<void> {
    for (const close of this.closers.splice(0)) await close().catch(() => undefined);
    await super.destroy();
  }

  /** Closes the connections (the pool, or the SQLite file). */
  async close(): Promise<void> {
    await this.destroy();
  }
}

/** A PostgreSQL database and the schema an instance lives in. */
export interface PgTarget {
  url: string;
  schema?: string;
  connectTimeoutMs: number;
}

export interface OpenOptions {
  /** A `postgres://` URL, or empty for SQLite. */
  databaseUrl?: string;
  /** SQLite file path (`:memory:` allowed). */
  sqlitePath?: string;
  /** PostgreSQL schema to live in (tests give each file its own); created when missing. */
  pgSchema?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: longest a statement may run, in ms (0: no limit; default 15 s). */
  statementTimeoutMs?: number;
  /** PostgreSQL: longest wait for a connection, new or from the pool, in ms (default 5 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL: told about dropped connections (default: a warning on stderr). */
  onConnectionError?: (err: Error) => void;
}

export const DB_DEFAULTS = { poolSize: 10, statementTimeoutMs: 15_000, connectTimeoutMs: 5_000 } as const;

// PostgreSQL returns bigint and numeric as strings; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  if (isPostgresUrl(opts.databaseUrl)) return openPostgres(opts.databaseUrl, opts);
  return openSqlite(opts.sqlitePath ?? ':memory:');
}

async function openSqlite(file: string): Promise<Db> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma('synchronous = NORMAL');
  conn.pragma('foreign_keys = ON');
  // 16 MiB of database pages per connection (SQLite's default is 2 MiB): the hot indexes of a
  // 100,000-work catalogue fit; the rest comes from the system's file cache.
  conn.pragma('cache_size = -16384');
  const db = new Db(
    { dialect: new OldestRequestFirstSqliteDialect({ database: withStatementCache(conn) }) },
    'sqlite',
  );
  if (file !== ':memory:') db.sqliteConnection = conn;
  await migrateToLatest(db, 'sqlite');
  return db;
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Db> {
  const schema = opts.pgSchema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    // `if not exists` is not race-free in PostgreSQL: instances or test files starting at once
    // take turns on an advisory lock.
    try {
      await c.query("select pg_advisory_lock(hashtext('sasayaki:setup'))");
      await c.query(`create schema if not exists ${schema}`);
      // Extensions live in public; make sure pg_trgm exists once for the whole database.
      await c.query('create extension if not exists pg_trgm with schema public');
    } finally {
      await c.end();
    }
  }
  const poolOptions = {
    url,
    schema,
    max: opts.poolSize ?? DB_DEFAULTS.poolSize,
    statementTimeoutMs: opts.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs,
    connectTimeoutMs: opts.connectTimeoutMs ?? DB_DEFAULTS.connectTimeoutMs,
    onConnectionError:
      opts.onConnectionError ??
      ((err: Error) => process.stderr.write(`[warn] PostgreSQL connection lost: ${err.message}\n`)),
  };
  // Migrations may build indexes on large tables: they run on a connection without the timeout.
  const migrator = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: resilientPool({ ...poolOptions, max: 1, statementTimeoutMs: 0 }) }),
  });
  try {
    await migrateToLatest(migrator, 'postgres', schema);
  } finally {
    await migrator.destroy();
  }
  const pool = resilientPool(poolOptions);
  return new Db({ dialect: new PostgresDialect({ pool }) }, 'postgres', () => pool.stats(), {
    url,
    schema,
    connectTimeoutMs: poolOptions.connectTimeoutMs,
  });
}

/** Drops a test schema and everything in it. */
export async function dropPgSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await c.end();
  }
}
