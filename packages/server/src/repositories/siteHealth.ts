/** Figures of the console's health screen: the database's size and migrations, the library's totals. */
import { sql } from 'kysely';
import type { Dialect, Queryable } from './queryable.ts';

/** Bytes the catalogue takes: the SQLite file's pages, or this schema's tables with their indexes. */
export async function databaseBytes(q: Queryable, dialect: Dialect): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ n: string | number | null }>`select sum(pg_total_relation_size(c.oid)) as n
          from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where s.nspname = current_schema() and c.relkind in ('r', 'm')`
      : sql<{
          n: number | null;
        }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`;
  const { rows } = await query.execute(q);
  return Number(rows[0]?.n ?? 0);
}

/** The migrations applied, by name, with when (Kysely's own table). */
export async function appliedMigrations(q: Queryable): Promise<{ name: string; timestamp: string }[]> {
  const { rows } = await sql<{
    name: string;
    timestamp: string;
  }>`select name, timestamp from kysely_migration order by name`.execute(q);
  return rows;
}

export async function libraryTotals(
  q: Queryable,
): Promise<{ works: number; seconds: number; files: number; bytes: number }> {
  const works = await q
    .selectFrom('works')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>('duration').as('seconds'),
    ])
    .executeTakeFirstOrThrow();
  const files = await q
    .selectFrom('files')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>('size').as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    works: Number(works.n),
    seconds: Number(works.seconds ?? 0),
    files: Number(files.n),
    bytes: Number(files.bytes ?? 0),
  };
}
