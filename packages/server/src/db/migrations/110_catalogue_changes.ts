import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { CATALOGUE_TABLES } from './004_catalogue_generation.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * What each catalogue write changed, so caches retire only that (services/catalogue/workCache.ts):
 * `catalogue_changes(generation, scope)`, written by the same triggers that bump the generation,
 * in the writing transaction. Scopes:
 * - `head:<work id>`: the work's shared JSON (a review rewrites its site rating, a tag vote its
 *   tag counters);
 * - `lists`: a work was added, removed or had a listed column changed (orders, filters, search
 *   text): every list's ids and counts; `editions`: heads that name other works' codes;
 * - `tag:<id>` / `va:<id>`: which works have that tag (vote status) or voice actor;
 * - `entities`: a circle, voice actor or tag was added (the entity lists);
 * - `user:<id>`: that account's own review, rating, progress or votes (its own pages);
 * - `all`: anything else (a rename, a removal of an entity, a transaction of thousands of changes).
 * Each change takes a new generation; rows older than CHANGES_KEPT generations are pruned (an
 * instance that far behind drops everything). PostgreSQL: once per transaction, at its commit,
 * under the catalogue_state row lock (so generations commit in order), notified to every instance.
 */
export const CHANGES_KEPT = 100_000;
/** A PostgreSQL transaction recording more scopes than this records `all` instead. */
const MAX_SCOPES = 5_000;

/** The works columns a review rewrites: they change only the work's head. */
const SITE_RATING = ['site_rate_count', 'site_rate_average_2dp', 'site_rate_count_detail'];
/** Works columns no answer shows (the scanner's own notes): a change of them retires nothing. */
const UNSHOWN = ['scan_problems'];
/** Tables outside the catalogue whose rows show on their own account's pages. */
const ACCOUNT_TABLES = ['reviews', 'tag_votes'] as const;

export function catalogueChanges(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('catalogue_changes')
        .addColumn('generation', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_changes_pk', ['generation', 'scope'])
        .execute();
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
  };
}

async function postgresTriggers(db: AnyDb): Promise<void> {
  const site = sql.raw(`array[${SITE_RATING.map((c) => `'${c}'`).join(', ')}]`);
  await sql`create or replace function bump_catalogue_generation() returns trigger language plpgsql as $$
    declare
      g bigint;
      n int;
      o jsonb := case when TG_OP = 'INSERT' then null else to_jsonb(OLD) end;
      w jsonb := case when TG_OP = 'DELETE' then null else to_jsonb(NEW) end;
      r jsonb := coalesce(to_jsonb(NEW), to_jsonb(OLD));
      s text[];
    begin
      if TG_OP = 'UPDATE' and o = w then return null; end if;
      if TG_TABLE_NAME = 'works' then
        if TG_OP = 'UPDATE' and (o - ${site}) = (w - ${site}) then
          s := array['head:' || (w->>'id')];
        else
          s := array['lists', 'editions', 'head:' || (r->>'id'), 'head:' || coalesce(o->>'id', r->>'id')];
        end if;
      elsif TG_TABLE_NAME = 'work_tags' then
        if TG_OP = 'UPDATE' and (o - array['upvote', 'downvote']) = (w - array['upvote', 'downvote']) then
          s := array['head:' || (w->>'work_id')];
        else
          s := array['head:' || (r->>'work_id'), 'tag:' || (r->>'tag_id'),
                     'head:' || coalesce(o->>'work_id', r->>'work_id'), 'tag:' || coalesce(o->>'tag_id', r->>'tag_id')];
        end if;
      elsif TG_TABLE_NAME = 'work_vas' then
        s := array['head:' || (r->>'work_id'), 'va:' || (r->>'va_id'),
                   'head:' || coalesce(o->>'work_id', r->>'work_id'), 'va:' || coalesce(o->>'va_id', r->>'va_id')];
      elsif TG_TABLE_NAME in ('circles', 'vas', 'tags') then
        s := case when TG_OP = 'INSERT' then array['entities'] else array['all'] end;
      elsif TG_TABLE_NAME in ('reviews', 'tag_votes') then
        s := array['user:' || (r->>'user_id'), 'user:' || coalesce(o->>'user_id', r->>'user_id')];
      else
        s := array['all'];
      end if;
      g := nullif(current_setting('sasayaki.generation', true), '')::bigint;
      if g is null then
        update catalogue_state set generation = generation + 1 where id = 1 returning generation into g;
        perform set_config('sasayaki.generation', g::text, true);
        perform set_config('sasayaki.changes', '0', true);
        perform pg_notify('sasayaki:' || current_schema(), 'catalogue:' || g);
        delete from catalogue_changes where generation <= g - ${sql.lit(CHANGES_KEPT)};
      end if;
      n := current_setting('sasayaki.changes', true)::int;
      if n > ${sql.lit(MAX_SCOPES)} then return null; end if;
      if n + cardinality(s) > ${sql.lit(MAX_SCOPES)} then
        s := array['all'];
        n := ${sql.lit(MAX_SCOPES)};
      end if;
      perform set_config('sasayaki.changes', (n + cardinality(s))::text, true);
      insert into catalogue_changes (generation, scope) select distinct g, unnest(s) on conflict do nothing;
      return null;
    end $$`.execute(db);
  for (const table of ACCOUNT_TABLES) {
    await sql`create constraint trigger ${sql.raw(`${table}_generation`)} after insert or update or delete
      on ${sql.table(table)} deferrable initially deferred
      for each row execute function bump_catalogue_generation()`.execute(db);
  }
}

/** SQLite: one trigger per table, event and kind of change; each change bumps the generation once. */
async function sqliteTriggers(db: AnyDb): Promise<void> {
  for (const table of CATALOGUE_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_generation_${event}`)}`.execute(db);
    }
  }
  const triggers: TriggerSpec[] = [
    ['works_changes_insert', 'insert', 'works', '', ["'lists'", "'editions'", "'head:' || new.id"]],
    ['works_changes_delete', 'delete', 'works', '', ["'lists'", "'editions'", "'head:' || old.id"]],
    ...worksUpdateTriggers(await columnsOf(db, 'works')),
    [
      'work_tags_changes_insert',
      'insert',
      'work_tags',
      '',
      ["'head:' || new.work_id", "'tag:' || new.tag_id"],
    ],
    [
      'work_tags_changes_delete',
      'delete',
      'work_tags',
      '',
      ["'head:' || old.work_id", "'tag:' || old.tag_id"],
    ],
    [
      'work_tags_changes_status',
      'update',
      'work_tags',
      differ(['work_id', 'tag_id', 'vote_status']),
      ["'head:' || new.work_id", "'tag:' || new.tag_id", "'head:' || old.work_id", "'tag:' || old.tag_id"],
    ],
    [
      'work_tags_changes_counts',
      'update',
      'work_tags',
      `(${differ(['upvote', 'downvote'])}) and not (${differ(['work_id', 'tag_id', 'vote_status'])})`,
      ["'head:' || new.work_id"],
    ],
  ];
  for (const event of ['insert', 'delete', 'update']) {
    const row = event === 'delete' ? 'old' : 'new';
    triggers.push([
      `work_vas_changes_${event}`,
      event,
      'work_vas',
      event === 'update' ? differ(['work_id', 'va_id', 'position']) : '',
      [
        `'head:' || ${row}.work_id`,
        `'va:' || ${row}.va_id`,
        "'head:' || old.work_id",
        "'va:' || old.va_id",
      ].slice(0, event === 'update' ? 4 : 2),
    ]);
    for (const table of ['circles', 'vas', 'tags']) {
      // An upsert that finds the row as it was (every scan names its circles again) is no change.
      const when = event === 'update' ? differ(await columnsOf(db, table)) : '';
      triggers.push([
        `${table}_changes_${event}`,
        event,
        table,
        when,
        [event === 'insert' ? "'entities'" : "'all'"],
      ]);
    }
    for (const table of ACCOUNT_TABLES) {
      triggers.push([`${table}_changes_${event}`, event, table, '', [`'user:' || ${row}.user_id`]]);
    }
  }
  for (const spec of triggers) await createTrigger(db, spec);
}

type TriggerSpec = [name: string, event: string, table: string, when: string, scopes: string[]];

const columnsOf = async (db: AnyDb, table: string) =>
  (await sql<{ name: string }>`pragma table_info(${sql.raw(table)})`.execute(db)).rows.map((r) => r.name);
const differ = (cols: readonly string[]) => cols.map((c) => `old."${c}" is not new."${c}"`).join(' or ');

/**
 * SQLite's two update triggers of `works`, over the columns it has now: a change of any column
 * but the site rating's retires every list, a change of the site rating only its work's head.
 * Made again after every migration run (db/migrations.ts), so a column added later counts too.
 */
function worksUpdateTriggers(columns: readonly string[]): TriggerSpec[] {
  const listed = columns.filter((c) => !SITE_RATING.includes(c) && !UNSHOWN.includes(c));
  return [
    [
      'works_changes_update',
      'update',
      'works',
      differ(listed),
      ["'lists'", "'editions'", "'head:' || new.id", "'head:' || old.id"],
    ],
    [
      'works_changes_rating',
      'update',
      'works',
      `(${differ(SITE_RATING)}) and not (${differ(listed)})`,
      ["'head:' || new.id"],
    ],
  ];
}

/** SQLite: the works update triggers made again over today's columns. */
export async function remakeWorksUpdateTriggers(db: AnyDb): Promise<void> {
  for (const spec of worksUpdateTriggers(await columnsOf(db, 'works'))) {
    await sql`drop trigger if exists ${sql.raw(spec[0])}`.execute(db);
    await createTrigger(db, spec);
  }
}

async function createTrigger(db: AnyDb, [name, event, table, when, scopes]: TriggerSpec): Promise<void> {
  const logged = scopes
    .map(
      (s) =>
        `insert or ignore into catalogue_changes (generation, scope) select generation, ${s} from catalogue_state where id = 1;`,
    )
    .join('\n');
  await sql
    .raw(`create trigger ${name} after ${event} on ${table}${when ? ` when ${when}` : ''}
      begin
        update catalogue_state set generation = generation + 1 where id = 1;
        ${logged}
        delete from catalogue_changes where generation <= (select generation from catalogue_state where id = 1) - ${CHANGES_KEPT};
      end`)
    .execute(db);
}
