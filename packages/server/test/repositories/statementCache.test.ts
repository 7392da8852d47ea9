/**
 * The SQLite statement cache (src/db/statementCache.ts): one compiled statement per SQL text, a
 * bounded number of them, long SQL never kept, and a kept statement still right after the schema
 * changes under it.
 */
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/db/statementCache.ts';

describe('SQLite statement cache', () => {
  let conn: SQLite.Database;
  afterEach(() => conn?.open && conn.close());

  it('compiles a SQL text once and hands the same statement back', () => {
    conn = new SQLite(':memory:');
    const db = withStatementCache(conn);
    const a = db.prepare('select ? as n');
    expect(db.prepare('select ? as n')).toBe(a);
    expect(db.prepare('select ? as m')).not.toBe(a);
    expect((a as unknown as SQLite.Statement).all([3])).toEqual([{ n: 3 }]);
  });

  it('keeps at most 256 statements, dropping the least recently used', () => {
    conn = new SQLite(':memory:');
    const db = withStatementCache(conn);
    const first = db.prepare('select 0');
    const second = db.prepare('select 1');
    for (let i = 2; i < 256; i++) db.prepare(`select ${i}`);
    // Asked again, the first becomes the most recent; the next new one pushes out the second.
    expect(db.prepare('select 0')).toBe(first);
    db.prepare('select 256');
    expect(db.prepare('select 0')).toBe(first);
    expect(db.prepare('select 1')).not.toBe(second);
  });

  it('does not keep SQL longer than 4 KB', () => {
    conn = new SQLite(':memory:');
    const db = withStatementCache(conn);
    const long = `select 1 where 1 in (${Array.from({ length: 1500 }, (_, i) => i).join(',')})`;
    expect(long.length).toBeGreaterThan(4096);
    expect(db.prepare(long)).not.toBe(db.prepare(long));
  });

  it('answers with the new schema after a migration changed it', () => {
    conn = new SQLite(':memory:');
    const db = withStatementCache(conn);
    conn.exec('create table t (a integer); insert into t values (1)');
    const read = () => (db.prepare('select * from t') as unknown as SQLite.Statement).all();
    expect(read()).toEqual([{ a: 1 }]);
    conn.exec("alter table t add column b text default 'x'");
    expect(read()).toEqual([{ a: 1, b: 'x' }]);
  });
});
