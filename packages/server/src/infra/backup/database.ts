/**
 * Dumping and restoring the catalogue database, per dialect (docs/console.md, "Backups").
 *
 * SQLite: SQLite's online backup, on the server's own connection, a few megabytes per step, so
 * requests go on between steps and a write made meanwhile is in the copy (the backup follows
 * its own connection's writes). Restored through the same backup API into the live file: one
 * write transaction on the destination, so a restore that fails half-way leaves it as it was.
 *
 * PostgreSQL: `pg_dump` of the instance's schema (custom format: one consistent snapshot while
 * writes go on). Restored by `psql` in one transaction: the schema's objects dropped, the dump's
 * SQL (from `pg_restore`) replayed; an error anywhere rolls everything back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db, PgTarget } from '../../db/connect.ts';
import { migrationsFor } from '../../db/migrations.ts';
import { BackupRefused } from './archive.ts';

/** Database pages copied per step of SQLite's online backup (4 MiB at SQLite's page size). */
const PAGES_PER_STEP = 1024;
const PG_TOOLS = ['pg_dump', 'pg_restore', 'psql'] as const;

/** The migrations applied to a database, in the order they ran. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{
    name: string;
  }>`select name from kysely_migration order by timestamp, name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Writes a consistent copy of the live database to `dest` while requests go on. */
export async function dumpDatabase(db: Db, dest: string): Promise<void> {
  if (db.dialect === 'sqlite') {
    if (!db.sqliteConnection) throw new Error('an in-memory database cannot be backed up');
    await db.sqliteConnection.backup(dest, { progress: () => PAGES_PER_STEP });
    return;
  }
  const target = pgTargetOf(db);
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--schema=${target.schema ?? 'public'}`,
    `--file=${dest}`,
    `--dbname=${target.url}`,
  ]);
}

/**
 * Checks an unpacked dump before anything is replaced: SQLite's own integrity check, or the
 * dump's table of contents; and every migration it has must be one this server knows (a dump
 * from a newer Sasayaki is refused, an older one is brought up to date after the restore).
 */
export async function checkDump(dialect: Db['dialect'], dump: string, migrations: string[]): Promise<void> {
  const known = new Set(Object.keys(migrationsFor(dialect)));
  const unknown = migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new BackupRefused(
      `the backup comes from a newer Sasayaki (migration ${unknown[0]}): upgrade first`,
    );
  }
  if (dialect === 'postgres') {
    await run('pg_restore', ['--list', dump]).catch(() => {
      throw new BackupRefused('the backup’s dump is not a PostgreSQL dump pg_restore can read');
    });
    return;
  }
  let conn: SQLite.Database | null = null;
  try {
    conn = new SQLite(dump, { readonly: true, fileMustExist: true });
    const check = conn.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupRefused(`the backup’s database fails SQLite’s integrity check: ${check}`);
    const inside = conn.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    if (!inside.length || inside.join() !== [...migrations].sort().join()) {
      throw new BackupRefused('the backup’s database does not match its description');
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(`the backup’s database cannot be read: ${(err as Error).message}`);
  } finally {
    conn?.close();
  }
}

/** Replaces the live database by a checked dump, all or nothing. */
export async function restoreDump(db: Db, dump: string): Promise<void> {
  if (db.dialect === 'sqlite') {
    const file = db.sqliteConnection?.name;
    if (!file || file === ':memory:') throw new Error('an in-memory database cannot be restored');
    const source = new SQLite(dump, { readonly: true, fileMustExist: true });
    try {
      // Every page in one step: the destination's single write transaction.
      await source.backup(file, { progress: () => Number.MAX_SAFE_INTEGER });
    } finally {
      source.close();
    }
    return;
  }
  const target = pgTargetOf(db);
  const schema = target.schema ?? 'public';
  const list = `${dump}.list`;
  try {
    // The dump's table of contents without the schema itself: the schema stays (with what lives
    // in it from elsewhere, such as extensions), only its objects are replaced.
    const toc = await run('pg_restore', ['--list', dump]);
    // Its comment goes too: `public` carries one, which only the schema's owner may set again.
    fs.writeFileSync(list, toc.replace(/^\d+; \d+ \d+ (?:SCHEMA - |COMMENT - SCHEMA ).*$/gm, ''));
    // The dump's SQL goes from pg_restore straight into psql, after the drops: never held whole.
    const script = spawn(
      'pg_restore',
      ['--no-owner', '--no-privileges', `--use-list=${list}`, '--file=-', dump],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const scriptDone = finished(script, 'pg_restore');
    const replayed = run(
      'psql',
      ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${target.url}`],
      Readable.from(
        (async function* () {
          yield `${dropEverythingIn(schema)}\n`;
          yield* script.stdout;
        })(),
      ),
    );
    await Promise.all([scriptDone, replayed]);
  } finally {
    fs.rmSync(list, { force: true });
  }
}

/** SQL that drops every table, view, sequence and function of a schema (not the schema). */
function dropEverythingIn(schema: string): string {
  const name = `'${schema.replace(/'/g, "''")}'`;
  return `do $$ declare r record; begin
  for r in select format('%I.%I', schemaname, viewname) as o from pg_views where schemaname = ${name}
    loop execute 'drop view if exists ' || r.o || ' cascade'; end loop;
  for r in select format('%I.%I', schemaname, tablename) as o from pg_tables where schemaname = ${name}
    loop execute 'drop table if exists ' || r.o || ' cascade'; end loop;
  for r in select format('%I.%I', sequence_schema, sequence_name) as o from information_schema.sequences
    where sequence_schema = ${name} loop execute 'drop sequence if exists ' || r.o || ' cascade'; end loop;
  for r in select p.oid::regprocedure::text as o from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${name} and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    loop execute 'drop function if exists ' || r.o || ' cascade'; end loop;
end $$;`;
}

function pgTargetOf(db: Db): PgTarget {
  if (!db.pgTarget) throw new Error('no PostgreSQL target');
  return db.pgTarget;
}

/** Which of PostgreSQL's client programs a backup needs are missing (health page). */
export async function missingPgTools(): Promise<string[]> {
  const missing: string[] = [];
  for (const tool of PG_TOOLS) {
    if (
      !(await run(tool, ['--version']).then(
        () => true,
        () => false,
      ))
    )
      missing.push(tool);
  }
  return missing;
}

/** Runs one of PostgreSQL's client programs; answers what it printed, fails with its message. */
async function run(cmd: string, args: string[], input?: Readable): Promise<string> {
  const child = spawn(cmd, args, {
    stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
  });
  const out: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  if (input && child.stdin) {
    child.stdin.on('error', () => undefined);
    input.pipe(child.stdin);
  }
  await finished(child, cmd);
  return Buffer.concat(out).toString('utf8');
}

/** Waits for a program to end; fails with the end of what it said on stderr. */
function finished(child: ChildProcess, cmd: string): Promise<void> {
  const err: Buffer[] = [];
  child.stderr?.on('data', (b: Buffer) => err.push(b));
  return new Promise((resolve, reject) => {
    child.on('error', (e) => reject(new Error(`${cmd} could not be started: ${e.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} failed: ${Buffer.concat(err).toString('utf8').trim().slice(-500)}`));
    });
  });
}
