/**
 * Long id lists go to the database in slices: each value is one bound parameter, and a statement
 * may hold only so many (SQLite 32,766, PostgreSQL 65,535). `chunked` is the one loop for it.
 */

/** Rows per multi-row statement, and values per `in (…)` list: far below both databases' limits. */
export const CHUNK = 500;

/**
 * Runs `run` on consecutive slices of at most `size` items, one after another (never at once: a
 * transaction has one connection), and answers the rows the slices gave, in order.
 */
export async function chunked<T, R>(
  items: readonly T[],
  size: number,
  run: (chunk: T[]) => Promise<readonly R[]>,
): Promise<R[]>;
export async function chunked<T>(
  items: readonly T[],
  size: number,
  run: (chunk: T[]) => Promise<unknown>,
): Promise<void>;
export async function chunked<T>(
  items: readonly T[],
  size: number,
  run: (chunk: T[]) => Promise<unknown>,
): Promise<unknown> {
  const out: unknown[] = [];
  for (let i = 0; i < items.length; i += size) {
    const rows = await run(items.slice(i, i + size));
    if (Array.isArray(rows)) out.push(...rows);
  }
  return out;
}
