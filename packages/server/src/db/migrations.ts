/**
 * One migration set for both dialects. Kysely's migrator records each applied step in
 * `kysely_migration`, which is the schema version of a database.
 */
import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import { nameKey, nameSkeleton } from '../names.ts';
import type { Dialect } from './dialect.ts';

type AnyDb = Kysely<any>;

function initial(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  // SQLite: `integer primary key` is the rowid; PostgreSQL: an identity column.
  const serialPk = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  const big = pg ? 'bigint' : 'integer';
  const real = pg ? 'double precision' : 'real';

  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('circles')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source_type', 'text', (c) => c.notNull().defaultTo('DLSITE'))
        .execute();
      await db.schema.createIndex('circles_name').on('circles').column('name').execute();

      await db.schema
        .createTable('works')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('source_id', 'text', (c) => c.notNull().unique())
        .addColumn('source_type', 'text', (c) => c.notNull().defaultTo('DLSITE'))
        .addColumn('source_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('circle_id', 'integer')
        .addColumn('release', 'text')
        .addColumn('create_date', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dl_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rate_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rate_average_2dp', real, (c) => c.notNull().defaultTo(0))
        .addColumn('rate_count_detail', 'text', (c) => c.notNull().defaultTo('[0,0,0,0,0]'))
        .addColumn('site_rate_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('site_rate_average_2dp', real, (c) => c.notNull().defaultTo(0))
        .addColumn('site_rate_count_detail', 'text', (c) => c.notNull().defaultTo('[0,0,0,0,0]'))
        .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rank', 'text')
        .addColumn('age_category', 'text', (c) => c.notNull().defaultTo('adult'))
        .addColumn('nsfw', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('has_subtitle', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lang', 'text')
        .addColumn('language_editions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('translation_info', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('original_workno', 'text')
        .addColumn('work_attributes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('root_index', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('folder_path', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('scan_signature', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_path', 'text')
        .addColumn('metadata_source', 'text', (c) => c.notNull().defaultTo('folder'))
        .addColumn('random_key', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', big, (c) => c.notNull().defaultTo(0))
        .execute();
      // Every list order gets an index ending in id, the tie-break that keeps pages stable.
      for (const col of [
        'release',
        'create_date',
        'dl_count',
        'price',
        'rate_average_2dp',
        'review_count',
        'nsfw',
        'random_key',
        'circle_id',
        'duration',
      ]) {
        await db.schema.createIndex(`works_${col}_id`).on('works').columns([col, 'id']).execute();
      }

      await db.schema
        .createTable('vas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('work_vas')
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
        .addColumn('va_id', 'text', (c) => c.notNull().references('vas.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('work_vas_pk', ['work_id', 'va_id'])
        .execute();
      await db.schema.createIndex('work_vas_va').on('work_vas').columns(['va_id', 'work_id']).execute();

      await db.schema
        .createTable('tags')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('name_en', 'text')
        .addColumn('name_ja', 'text')
        .addColumn('name_zh', 'text')
        .addColumn('censored_en', 'text')
        .addColumn('censored_ja', 'text')
        .addColumn('censored_zh', 'text')
        .execute();
      await db.schema
        .createTable('work_tags')
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
        .addColumn('upvote', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('downvote', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vote_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('metadata'))
        .addColumn('added_by', 'integer')
        .addColumn('created_at', big, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('work_tags_pk', ['work_id', 'tag_id'])
        .execute();
      await db.schema
        .createIndex('work_tags_tag')
        .on('work_tags')
        .columns(['tag_id', 'vote_status', 'work_id'])
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('id', 'integer', serialPk)
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', big, (c) => c.notNull().defaultTo(0))
        .addColumn('duration', real)
        .addColumn('mtime', big, (c) => c.notNull().defaultTo(0))
        .addColumn('charset', 'text')
        .addColumn('audio_file_id', 'integer')
        .addUniqueConstraint('files_work_path', ['work_id', 'path'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', serialPk)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('grp', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('recommender_uuid', 'text', (c) => c.notNull())
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('email_verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();

      // User data refers to works by id without a foreign key: it outlives a work whose folder
      // vanished and comes back when the work does.
      await db.schema
        .createTable('reviews')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('rating', 'integer')
        .addColumn('review_text', 'text')
        .addColumn('progress', 'text')
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('reviews_pk', ['user_id', 'work_id'])
        .execute();
      await db.schema.createIndex('reviews_work').on('reviews').columns(['work_id']).execute();
      await db.schema
        .createIndex('reviews_user_updated')
        .on('reviews')
        .columns(['user_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('tag_votes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('tag_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('tag_votes_pk', ['user_id', 'work_id', 'tag_id'])
        .execute();
      await db.schema
        .createIndex('tag_votes_work_tag')
        .on('tag_votes')
        .columns(['work_id', 'tag_id'])
        .execute();

      await db.schema
        .createTable('playlists')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('privacy', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('system_kind', 'text')
        .addColumn('playback_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('playlists_user')
        .on('playlists')
        .columns(['user_id', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('playlists_user_system')
        .on('playlists')
        .columns(['user_id', 'system_kind'])
        .unique()
        .where(sql.ref('system_kind'), 'is not', null)
        .execute();
      await db.schema
        .createTable('playlist_works')
        .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('added_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('playlist_works_pk', ['playlist_id', 'work_id'])
        .execute();
      await db.schema.createIndex('playlist_works_work').on('playlist_works').columns(['work_id']).execute();
      await db.schema
        .createTable('playlist_likes')
        .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('playlist_likes_pk', ['playlist_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('recommender_events')
        .addColumn('id', 'integer', serialPk)
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('weight', real, (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recommender_events_subject')
        .on('recommender_events')
        .columns(['subject', 'created_at'])
        .execute();
      await db.schema
        .createIndex('recommender_events_work')
        .on('recommender_events')
        .columns(['work_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('recommender_events_created')
        .on('recommender_events')
        .columns(['created_at'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      // Text search over works.search_text: trigram indexes, CJK-safe substring matching.
      if (pg) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index works_search_trgm on works using gin (search_text gin_trgm_ops)`.execute(db);
        await sql`create index circles_name_trgm on circles using gin (lower(name) gin_trgm_ops)`.execute(db);
        await sql`create index vas_name_trgm on vas using gin (lower(name) gin_trgm_ops)`.execute(db);
      } else {
        await sql`create virtual table works_fts using fts5(search_text, content='works', content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        await sql`create trigger works_fts_ai after insert on works begin
          insert into works_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
        await sql`create trigger works_fts_ad after delete on works begin
          insert into works_fts(works_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(
          db,
        );
        await sql`create trigger works_fts_au after update of search_text on works begin
          insert into works_fts(works_fts, rowid, search_text) values ('delete', old.id, old.search_text);
          insert into works_fts(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
      }
    },
  };
}

/**
 * users.name_key: the normalised name, unique. Existing accounts keep their names; where two
 * older names normalise alike, the later account's key gets its id appended so both still sign
 * in by their exact names.
 */
const userNameKey: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('name_key', 'text').execute();
    const rows = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    const taken = new Set<string>();
    for (const r of rows as { id: number; name: string }[]) {
      let key = nameKey(r.name);
      if (taken.has(key)) key = `${key}#${r.id}`;
      taken.add(key);
      await db.updateTable('users').set({ name_key: key }).where('id', '=', r.id).execute();
    }
    await db.schema.createIndex('users_by_name_key').on('users').column('name_key').unique().execute();
  },
};

/** "Report a problem" messages, listed newest first for administrators. */
function feedback(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('feedback')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('work_id', 'integer')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('handled_at', big)
        .execute();
      await db.schema.createIndex('feedback_created').on('feedback').columns(['created_at', 'id']).execute();
    },
  };
}

/** Every table a work's shared JSON is built from; a write to any of them changes the generation. */
export const CATALOGUE_TABLES = ['works', 'circles', 'vas', 'work_vas', 'tags', 'work_tags'] as const;

/**
 * `catalogue_state.generation`: a counter the database itself bumps on every write to the
 * catalogue tables, in the writing transaction (as it commits, on PostgreSQL). Servers cache
 * serialised works per generation (services/workCache.ts), so a scan, vote or review through any
 * server instance, or a hand edit of the database, retires every cached copy at its commit.
 */
function catalogueGeneration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('catalogue_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('generation', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('catalogue_state').values({ id: 1, generation: 1 }).execute();
      if (dialect === 'postgres') {
        // Deferred to the commit, and once per transaction: the row lock on catalogue_state is
        // then the last lock a writer takes, held only while it commits, so it can never be
        // part of a deadlock with the locks of reviews, votes or scans.
        await sql`create function bump_catalogue_generation() returns trigger language plpgsql as $$
          begin
            if current_setting('sasayaki.generation_bumped', true) = 'yes' then return null; end if;
            perform set_config('sasayaki.generation_bumped', 'yes', true);
            update catalogue_state set generation = generation + 1 where id = 1;
            return null;
          end $$`.execute(db);
        for (const table of CATALOGUE_TABLES) {
          await sql`create constraint trigger ${sql.raw(`${table}_generation`)} after insert or update or delete
            on ${sql.table(table)} deferrable initially deferred
            for each row execute function bump_catalogue_generation()`.execute(db);
        }
        return;
      }
      for (const table of CATALOGUE_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`${table}_generation_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
            begin update catalogue_state set generation = generation + 1 where id = 1; end`.execute(db);
        }
      }
    },
  };
}

/**
 * Sign-in limit counters shared by every instance on PostgreSQL (services/loginLimitStore.ts).
 * SQLite is one process and keeps them in memory: no table there.
 */
function loginLimits(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('login_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .addColumn('next_try_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_limits_window_end')
        .on('login_limits')
        .column('window_end')
        .execute();
    },
  };
}

/**
 * Request limit counters (guest traffic, "report a problem") shared by every instance on
 * PostgreSQL (services/rateLimit.ts). SQLite is one process and keeps them in memory: no table.
 */
function requestLimits(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('request_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('request_limits_window_end')
        .on('request_limits')
        .column('window_end')
        .execute();
    },
  };
}

/**
 * The administrator's console: the audit log, when each account was last seen and whether it is
 * disabled, reviews hidden by a moderator, and tags a moderator removed from a work (the scanner
 * does not put them back). A maintenance message stored before keeps the site in maintenance.
 */
function consoleOps(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('at', big, (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_name', 'at']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
      await db.schema.alterTable('users').addColumn('last_seen_at', big).execute();
      await db.schema.alterTable('users').addColumn('disabled_at', big).execute();
      await db.schema.alterTable('reviews').addColumn('hidden_at', big).execute();
      await db.schema
        .createTable('work_tag_removals')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('tag_id', 'integer', (c) => c.notNull())
        .addColumn('removed_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('work_tag_removals_pk', ['work_id', 'tag_id'])
        .execute();
      const html = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'maintenance_html')
        .executeTakeFirst();
      if (html?.value)
        await db.insertInto('settings').values({ key: 'maintenance', value: 'true' }).execute();
    },
  };
}

/**
 * Per-device app passwords of the Subsonic API (subsonic/README.md): the secret encrypted with
 * the server's key (token auth needs it back), and its SHA-256 to find it by apiKey.
 */
function appPasswords(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('app_passwords')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_enc', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('last_used_at', pg ? 'bigint' : 'integer')
        .execute();
      await db.schema.createIndex('app_passwords_user').on('app_passwords').column('user_id').execute();
    },
  };
}

/**
 * Listening state per account (services/listening.ts): the position in each track, one play
 * queue, the history (one row per track: when last played and how far), the history setting and
 * bookmarks. Like reviews, rows refer to works and files by id without foreign keys to them:
 * they outlive a rescan that drops a file, and answers join the files that still exist.
 */
function listeningState(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const real = pg ? 'double precision' : 'real';
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('listening_positions')
        .addColumn('user_id', 'integer', user)
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('duration', real)
        .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_positions_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('listening_positions_work')
        .on('listening_positions')
        .columns(['user_id', 'work_id'])
        .execute();

      await db.schema
        .createTable('play_queues')
        .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
        .addColumn('tracks', 'text', (c) => c.notNull())
        .addColumn('current_index', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('listening_history')
        .addColumn('user_id', 'integer', user)
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('duration', real)
        .addColumn('played_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_history_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('listening_history_played')
        .on('listening_history')
        .columns(['user_id', 'played_at'])
        .execute();
      await db.schema
        .createIndex('listening_history_work')
        .on('listening_history')
        .columns(['user_id', 'work_id', 'played_at'])
        .execute();

      await db.schema
        .createTable('listening_settings')
        .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
        .addColumn('record_history', 'integer', (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('bookmarks')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('user_id', 'integer', user)
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.notNull())
        .addColumn('position', real, (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('updated_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bookmarks_track')
        .on('bookmarks')
        .columns(['user_id', 'work_id', 'file_id', 'position'])
        .execute();
    },
  };
}

/**
 * Tokens ended by logout before their expiry (auth/sessions.ts), by a hash of the token; kept
 * until the token would have expired anyway. In the database, so every instance refuses them.
 */
function revokedTokens(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('token_key', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('revoked_tokens_expires_at')
        .on('revoked_tokens')
        .column('expires_at')
        .execute();
    },
  };
}

/**
 * Recommender events: one row per listener, work and type (a second `like` refreshes the first),
 * and the viewer each counts for in the popular ranking (the account, or the address of an
 * anonymous listener), so repeats and fresh browser ids from one place count once.
 */
const recommenderViewers: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('recommender_events')
      .addColumn('viewer', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Older rows: the account, else the browser id (no address was kept).
    await sql`update recommender_events set viewer = case when user_id is null
      then 's:' || subject else 'u:' || cast(user_id as text) end`.execute(db);
    await sql`delete from recommender_events where id not in
      (select max(id) from recommender_events group by subject, work_id, type)`.execute(db);
    await db.schema
      .createIndex('recommender_events_one_per_type')
      .on('recommender_events')
      .columns(['subject', 'work_id', 'type'])
      .unique()
      .execute();
  },
};

/**
 * `works.review_count` is the store's count from the sidecar (kikoeru front ends show it), no
 * longer this site's count of written reviews: cleared, and every work re-read at the next scan
 * (an empty signature never matches), which fills it from the sidecar.
 */
const storeReviewCount: Migration = {
  async up(db: AnyDb) {
    await db.updateTable('works').set({ review_count: 0, scan_signature: '' }).execute();
  },
};

/** `files.content_type`: the MIME type found in an audio file's content, when its name says another. */
const fileContentType: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('files').addColumn('content_type', 'text').execute();
  },
};

/**
 * users.name_skeleton: the confusables skeleton of each name (services/names.ts), unique, so a
 * new name cannot read like a taken one. Existing accounts keep their names: where two older
 * names share a skeleton, the later account's gets its id appended, and both still sign in.
 */
const userNameSkeleton: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('name_skeleton', 'text').execute();
    const rows = await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    const taken = new Set<string>();
    for (const r of rows as { id: number; name: string }[]) {
      let skeleton = nameSkeleton(r.name);
      if (taken.has(skeleton)) skeleton = `${skeleton}#${r.id}`;
      taken.add(skeleton);
      await db.updateTable('users').set({ name_skeleton: skeleton }).where('id', '=', r.id).execute();
    }
    await db.schema
      .createIndex('users_by_name_skeleton')
      .on('users')
      .column('name_skeleton')
      .unique()
      .execute();
  },
};

/** The Subsonic album list `alphabeticalByName` pages works by title. */
const worksTitleIndex: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('works_title_id').on('works').columns(['title', 'id']).execute();
  },
};

/**
 * PostgreSQL: two-character searches of CJK text (`膝枕`, `耳机`) have no trigram, so pg_trgm
 * cannot serve them and they scanned every work. A GIN index over the distinct pairs of
 * adjacent non-ASCII characters of search_text serves them (repositories/searchSql.ts);
 * SQLite keeps scanning search_text for 1–2 characters.
 */
function worksSearchBigrams(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create function sasayaki_cjk_bigrams(t text) returns text[] language sql immutable strict parallel safe as $$
        select coalesce(array_agg(distinct b), '{}') from (
          select substr(t, i, 2) as b from generate_series(1, char_length(t) - 1) as i
        ) pairs where ascii(b) > 127 and ascii(substr(b, 2)) > 127
      $$`.execute(db);
      await sql`create index works_search_bigrams on works using gin (sasayaki_cjk_bigrams(search_text))`.execute(
        db,
      );
    },
  };
}

/**
 * Search terms of one or two characters (`a`, `cv`, `耳`, `膝枕`) have no trigram, so neither
 * index above serves them and they scanned every work's search_text. Each dialect now indexes
 * every one- and two-character substring of search_text (repositories/searchSql.ts):
 * - SQLite: a contentless FTS5 table (`detail=none`: document ids only; 16 MB at 100,000
 *   works, a third of the trigram index) whose text for a work is each character and each pair of adjacent characters,
 *   space-separated, written by triggers in SQL alone (the positions come from `json_each`
 *   over a string of the right length, as triggers allow no recursive query). The unicode61
 *   tokenizer keeps the grams made of letters and digits, which are the terms it serves.
 * - PostgreSQL: a GIN index over the distinct grams, replacing the CJK pairs of migration 073.
 */
function worksSearchGrams(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`create function sasayaki_search_grams(t text) returns text[] language sql immutable strict parallel safe as $$
          select coalesce(array_agg(distinct g), '{}') from (
            select substr(t, i, 1) as g from generate_series(1, char_length(t)) as i
            union all
            select substr(t, i, 2) from generate_series(1, char_length(t) - 1) as i
          ) grams where position(' ' in g) = 0
        $$`.execute(db);
        await sql`create index works_search_grams on works using gin (sasayaki_search_grams(search_text))`.execute(
          db,
        );
        await sql`drop index if exists works_search_bigrams`.execute(db);
        await sql`drop function if exists sasayaki_cjk_bigrams(text)`.execute(db);
        return;
      }
      // The grams of a text, as one scalar subquery: `key` is each character's position.
      const grams = (text: string) =>
        sql.raw(`(select group_concat(substr(${text}, key + 1, 1) || ' ' || substr(${text}, key + 1, 2), ' ')
          from json_each('[' || replace(hex(zeroblob(length(${text}) - 1)), '00', '0,') || '0]'))`);
      await sql`create virtual table works_grams using fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0')`.execute(
        db,
      );
      await sql`create trigger works_grams_ai after insert on works begin
        insert into works_grams(rowid, grams) values (new.id, ${grams('new.search_text')}); end`.execute(db);
      await sql`create trigger works_grams_ad after delete on works begin
        delete from works_grams where rowid = old.id; end`.execute(db);
      await sql`create trigger works_grams_au after update of search_text on works begin
        delete from works_grams where rowid = old.id;
        insert into works_grams(rowid, grams) values (new.id, ${grams('new.search_text')}); end`.execute(db);
      await sql`insert into works_grams(rowid, grams) select w.id, ${grams('w.search_text')} from works w`.execute(
        db,
      );
    },
  };
}

/**
 * Library roots added in the console (docs/console.md). A root's id is the key its works keep in
 * `works.root_index`; ids start at 1000, below them are the SASAYAKI_LIBRARY roots by position.
 */
function libraryRoots(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('library_roots')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('path', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Scans and their reports (services/scanRunner.ts). A running scan's row is updated about once a
 * second, so every instance on one PostgreSQL database can show it; reports keep the last scans.
 */
function scanRuns(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const real = pg ? 'double precision' : 'real';
  const serialPk = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  const count = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('scan_runs')
        .addColumn('id', 'integer', serialPk)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('started_by', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', big, (c) => c.notNull())
        .addColumn('finished_at', big)
        .addColumn('updated_at', big, (c) => c.notNull())
        .addColumn('phase', 'text')
        .addColumn('works_done', 'integer', count)
        .addColumn('works_total', 'integer', count)
        .addColumn('files', 'integer', count)
        .addColumn('current', 'text')
        .addColumn('works_per_second', real, count)
        .addColumn('files_per_second', real, count)
        .addColumn('eta_seconds', real)
        .addColumn('added', 'integer', count)
        .addColumn('updated', 'integer', count)
        .addColumn('removed', 'integer', count)
        .addColumn('unchanged', 'integer', count)
        .addColumn('skipped', 'integer', count)
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createTable('scan_report_items')
        .addColumn('id', 'integer', serialPk)
        .addColumn('scan_id', 'integer', (c) => c.notNull().references('scan_runs.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('scan_report_items_scan')
        .on('scan_report_items')
        .columns(['scan_id', 'id'])
        .execute();
    },
  };
}

/**
 * PostgreSQL: the catalogue generation's bump also notifies every instance on the schema
 * (services/instanceSignals.ts), delivered when the writing transaction commits.
 */
function notifyCatalogueGeneration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create or replace function bump_catalogue_generation() returns trigger language plpgsql as $$
        declare g bigint;
        begin
          if current_setting('sasayaki.generation_bumped', true) = 'yes' then return null; end if;
          perform set_config('sasayaki.generation_bumped', 'yes', true);
          update catalogue_state set generation = generation + 1 where id = 1 returning generation into g;
          perform pg_notify('sasayaki:' || current_schema(), 'catalogue:' || g);
          return null;
        end $$`.execute(db);
    },
  };
}

/**
 * Invitations (services/invitations.ts): one-time codes an administrator hands out, so a friend
 * can register while registration is closed. Only a hash of each code is kept.
 */
function invitations(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'integer', (c) =>
          pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .addColumn('used_at', big)
        .addColumn('used_by', 'text')
        .addColumn('revoked_at', big)
        .execute();
      await db.schema
        .createIndex('invitations_created')
        .on('invitations')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_user_name_key': userNameKey,
    '003_feedback': feedback(dialect),
    '004_catalogue_generation': catalogueGeneration(dialect),
    '005_login_limits': loginLimits(dialect),
    '006_request_limits': requestLimits(dialect),
    '010_revoked_tokens': revokedTokens(dialect),
    '011_recommender_viewers': recommenderViewers,
    '012_store_review_count': storeReviewCount,
    '013_file_content_type': fileContentType,
    '014_user_name_skeleton': userNameSkeleton,
    '030_console_ops': consoleOps(dialect),
    '040_app_passwords': appPasswords(dialect),
    '041_works_title_index': worksTitleIndex,
    '050_listening_state': listeningState(dialect),
    '073_works_search_bigrams': worksSearchBigrams(dialect),
    '020_library_roots': libraryRoots(dialect),
    '021_scan_runs': scanRuns(dialect),
    '070_notify_catalogue_generation': notifyCatalogueGeneration(dialect),
    '080_invitations': invitations(dialect),
    '090_works_search_grams': worksSearchGrams(dialect),
  };
}

export async function migrateToLatest(db: AnyDb, dialect: Dialect, pgSchema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  // Unordered: a migration written on a branch may land after one with a later name; each of
  // ours stands alone, so a database that has the later one still gets the earlier one.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
