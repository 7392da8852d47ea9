/**
 * Opens the catalogue database: SQLite (better-sqlite3, a file in the data folder) by default,
 * PostgreSQL when a `postgres://` URL is configured. Both are brought to the latest schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.ts';
import { resilientPool } from './pgPool.ts';
import type { Database } from './schema.ts';
import { OldestRequestFirstSqliteDialect } from './sqliteDialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
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
  conn.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new OldestRequestFirstSqliteDialect({ database: conn }) });
  await migrateToLatest(db, 'sqlite');
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await db.destroy();
    },
  };
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilientPool(poolOptions) }) });
  return {
    db,
    dialect: 'postgres',
    async close() {
      await db.destroy();
    },
  };
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
