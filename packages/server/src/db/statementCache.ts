/**
 * SQLite statements compiled once per SQL text. Kysely's SQLite driver prepares every query it
 * runs; compiling the SQL again each time cost 3–10 % of an uncached page's or search's CPU
 * (docs/catalogue.md). The dialect asks this for its statements instead of the connection.
 *
 * Safe to share because the dialect runs one query at a time on its one connection (turns.ts): no
 * statement is asked for again while it is still stepping. SQLite recompiles a kept statement
 * itself when a migration changes the schema under it.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Statements kept; a page, a search and a detail use a few dozen distinct SQL texts. */
const MAX_STATEMENTS = 256;
/** Longer SQL (a long `in (…)` list written out) is compiled each time and not kept. */
const MAX_SQL_LENGTH = 4096;

export function withStatementCache(conn: Database): SqliteDatabase {
  // A Map iterates in insertion order: the first key is the least recently used.
  const kept = new Map<string, Statement>();
  return {
    close: () => conn.close(),
    prepare(sql: string) {
      const hit = kept.get(sql);
      if (hit) {
        kept.delete(sql);
        kept.set(sql, hit);
        return hit;
      }
      const statement = conn.prepare(sql);
      if (sql.length <= MAX_SQL_LENGTH) {
        if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      return statement;
    },
  };
}
