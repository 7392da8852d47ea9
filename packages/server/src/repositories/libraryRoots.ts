/** The `library_roots` table (roots added in the console) and the works counted per root. */
import type { LibraryRootRow } from '../db/schema.ts';
import type { Queryable } from './queryable.ts';

export async function allLibraryRoots(q: Queryable): Promise<LibraryRootRow[]> {
  return q.selectFrom('library_roots').selectAll().orderBy('id').execute();
}

export async function findLibraryRoot(q: Queryable, id: number): Promise<LibraryRootRow | undefined> {
  return q.selectFrom('library_roots').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The highest root id in use, or null when there is none. */
export async function maxLibraryRootId(q: Queryable): Promise<number | null> {
  const row = await q
    .selectFrom('library_roots')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return row?.max ?? null;
}

export async function insertLibraryRoot(q: Queryable, row: LibraryRootRow): Promise<void> {
  await q.insertInto('library_roots').values(row).execute();
}

export async function renameLibraryRoot(q: Queryable, id: number, name: string): Promise<number> {
  const r = await q.updateTable('library_roots').set({ name }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteLibraryRoot(q: Queryable, id: number): Promise<number> {
  const r = await q.deleteFrom('library_roots').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Works in the catalogue per root key. */
export async function worksPerRoot(q: Queryable): Promise<Map<number, number>> {
  const rows = await q
    .selectFrom('works')
    .select(['root_index', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('root_index')
    .execute();
  return new Map(rows.map((r) => [r.root_index, Number(r.n)]));
}
