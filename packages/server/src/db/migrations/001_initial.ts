import { type ColumnDefinitionBuilder, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

export function initial(dialect: Dialect): Migration {
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
