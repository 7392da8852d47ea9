/**
 * The million-work catalogue for `npm run bench -- million`: the database `sasayaki_million`
 * (BENCH_MILLION_DB), created afresh and filled by the COPY generator
 * (packages/server/test/helpers/catalogueCopy.ts).
 *
 * `tsx scripts/bench/million.ts [works]` builds it on its own and prints the timings and size.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshDatabase, generateCatalogue } from '../../packages/server/test/helpers/catalogueCopy.ts';

export { MILLION_FACTS } from '../../packages/server/test/helpers/catalogueCopy.ts';

export const MILLION_WORKS = 1_000_000;

export const MILLION_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const MILLION_DB = process.env.BENCH_MILLION_DB || 'sasayaki_million';

/** Creates and fills the million database; returns its URL, the timings and its size. */
export async function buildMillion(works: number, log: (msg: string) => void) {
  const started = Date.now();
  const url = await freshDatabase(MILLION_ADMIN_URL, MILLION_DB);
  log(`generating ${works} works into ${MILLION_DB}`);
  const result = await generateCatalogue({ databaseUrl: url, works, log });
  const totalMs = Date.now() - started;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const size = await c.query<{ s: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as s',
  );
  await c.end();
  log(`  ${works} works in ${(totalMs / 1000).toFixed(1)} s, database size ${size.rows[0]!.s}`);
  return { url, totalMs, size: size.rows[0]!.s, ...result };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const works = Number(process.argv[2] || MILLION_WORKS);
  await buildMillion(works, (m) => process.stdout.write(`${m}\n`));
}
