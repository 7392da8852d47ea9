/**
 * The SQL of every repository query, rendered for SQLite and PostgreSQL from the repository
 * functions themselves, run with representative parameters on a database that only records what
 * it is sent (Kysely's DummyDriver). `npm run queries` writes the result to
 * packages/server/queries/<repository>.<dialect>.sql; a test fails when those files drift.
 */
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { QUERY_SAMPLES } from './querySamples.ts';

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** Repositories whose queries run on one dialect only (SQLite keeps its limit counters in memory). */
const ONLY_ON: Record<string, Dialect> = { limits: 'postgres' };

function recordingDb(dialect: Dialect, sink: CompiledQuery[]): Kysely<Database> {
  const pg = dialect === 'postgres';
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (pg ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (event) => {
      sink.push(event.query);
    },
  });
}

function formatted(name: string, queries: readonly CompiledQuery[]): string {
  const body = queries.map((q) => `${q.sql};\n-- parameters: ${JSON.stringify(q.parameters)}`);
  return `-- ${name}\n${body.length ? body.join('\n') : '-- (no query)'}\n`;
}

/** `<repository>.<dialect>.sql` → its text, for every repository and both dialects. */
export async function renderQueries(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const dialect of DIALECTS) {
    for (const [repository, samples] of Object.entries(QUERY_SAMPLES)) {
      if ((ONLY_ON[repository] ?? dialect) !== dialect) continue;
      const parts = [
        `-- The queries of repositories/${repository}.ts on ${dialect}: written by npm run queries.\n`,
      ];
      for (const [name, run] of Object.entries(samples)) {
        const sink: CompiledQuery[] = [];
        const db = recordingDb(dialect, sink);
        try {
          await run({ db, dialect });
        } catch {
          // The recording database answers no rows: a query that needs one throws after it is sent.
        }
        parts.push(formatted(name, sink));
      }
      out.set(`${repository}.${dialect}.sql`, parts.join('\n'));
    }
  }
  return out;
}
