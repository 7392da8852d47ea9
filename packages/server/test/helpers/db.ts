/**
 * Test databases: every repository test runs on SQLite and, where reachable, on PostgreSQL.
 * Each opened PostgreSQL database lives in its own schema, dropped when the test closes it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, dropPgSchema, type OpenOptions, openDb } from '../../src/db/connect.ts';

export const PG_URL =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: Promise<boolean> | undefined;

export function isPgReachable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.end();
      return true;
    } catch {
      console.warn(
        `[notice] PostgreSQL not reachable at ${PG_URL}: PostgreSQL variants of the tests are skipped`,
      );
      return false;
    }
  })();
  return pgReachable;
}

export const pgAvailable = await isPgReachable();

/** The dialects this machine can test: always SQLite, PostgreSQL when reachable. */
export const DIALECTS = (pgAvailable ? ['sqlite', 'postgres'] : ['sqlite']) as ('sqlite' | 'postgres')[];

export interface TestDb extends Db {
  /** SQLite file or PostgreSQL URL + schema, for opening a second connection. */
  databaseUrl: string;
  sqlitePath: string;
  pgSchema: string;
}

/** Where a test database lives: enough to open another connection to it. */
export type TestDbAddress = Pick<TestDb, 'databaseUrl' | 'sqlitePath' | 'pgSchema'>;

/** A PostgreSQL schema (created when missing) in the test database. */
export const pgSchemaAt = (pgSchema: string): TestDbAddress => ({
  databaseUrl: PG_URL,
  sqlitePath: '',
  pgSchema,
});

/**
 * A connection of its own (its own pool) to a database another owns, migrated to the latest
 * version, as a second server instance has one; closing it leaves the database to its owner.
 */
export async function connectTestDb(
  to: TestDbAddress,
  options: Parameters<typeof openTestDb>[1] = {},
): Promise<TestDb> {
  const db = to.pgSchema
    ? await openDb({ databaseUrl: to.databaseUrl, pgSchema: to.pgSchema, poolSize: 4, ...options })
    : await openDb({ sqlitePath: to.sqlitePath });
  return Object.assign(db, { ...to, close: () => db.destroy() });
}

export async function openTestDb(
  dialect: 'sqlite' | 'postgres',
  options: Pick<
    OpenOptions,
    'poolSize' | 'statementTimeoutMs' | 'connectTimeoutMs' | 'onConnectionError'
  > = {},
): Promise<TestDb> {
  if (dialect === 'postgres') {
    const pgSchema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openDb({ databaseUrl: PG_URL, pgSchema, poolSize: 4, ...options });
    return Object.assign(db, {
      databaseUrl: PG_URL,
      sqlitePath: '',
      pgSchema,
      async close() {
        await db.destroy();
        await dropPgSchema(PG_URL, pgSchema);
      },
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-db-'));
  const sqlitePath = path.join(dir, 'test.db');
  const db = await openDb({ sqlitePath });
  return Object.assign(db, {
    databaseUrl: '',
    sqlitePath,
    pgSchema: '',
    async close() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}
