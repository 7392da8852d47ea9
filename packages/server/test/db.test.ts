import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb } from './helpers/db.ts';

describe.each(DIALECTS)('database on %s', (dialect) => {
  it('migrates an empty database to the latest schema and records the version', async () => {
    const t = await openTestDb(dialect);
    try {
      const rows = await t
        .selectFrom('kysely_migration' as never)
        .select(sql<string>`name`.as('name'))
        .execute();
      expect(rows.map((r) => r.name)).toEqual([
        '001_initial',
        '002_user_name_key',
        '003_feedback',
        '004_catalogue_generation',
        '005_login_limits',
        '006_request_limits',
        '010_revoked_tokens',
        '011_recommender_viewers',
        '012_store_review_count',
        '013_file_content_type',
        '014_user_name_skeleton',
        '020_library_roots',
        '021_scan_runs',
        '030_console_ops',
        '040_app_passwords',
        '041_works_title_index',
        '050_listening_state',
        '070_notify_catalogue_generation',
        '073_works_search_bigrams',
        '080_invitations',
        '090_works_search_grams',
        '100_limit_counters',
        '110_catalogue_changes',
        '120_listening_cutoffs',
        '130_sessions',
        '140_scan_problems',
        '141_scan_schedules',
        '150_community_subtitles',
      ]);
      const tables = [
        'works',
        'files',
        'users',
        'reviews',
        'playlists',
        'recommender_events',
        'settings',
        'feedback',
        'catalogue_state',
        'sessions',
      ];
      for (const table of tables) {
        await expect(sql`select count(*) from ${sql.table(table)}`.execute(t)).resolves.toBeTruthy();
      }
    } finally {
      await t.close();
    }
  });

  it('finds a two-character Japanese word and a longer substring in search_text', async () => {
    const t = await openTestDb(dialect);
    try {
      const base = { source_type: 'DLSITE', create_date: '2024-01-01', root_index: 0, folder_path: '' };
      await t
        .insertInto('works')
        .values([
          { ...base, id: 1, source_id: 'RJ000001', title: '耳かき', search_text: '癒しの耳かき whisper' },
          { ...base, id: 2, source_id: 'RJ000002', title: 'drama', search_text: 'ボイスドラマ drama' },
        ])
        .execute();
      const like = (s: string) =>
        t
          .selectFrom('works')
          .select('id')
          .where('search_text', 'like', `%${s}%`)
          .execute()
          .then((r) => r.map((x) => x.id));
      expect(await like('耳か')).toEqual([1]);
      expect(await like('ドラマ')).toEqual([2]);
      if (dialect === 'sqlite') {
        const fts = await sql<{
          rowid: number;
        }>`select rowid from works_fts where works_fts match ${'"whisper"'}`.execute(t);
        expect(fts.rows.map((r) => r.rowid)).toEqual([1]);
        await t.updateTable('works').set({ search_text: 'nothing' }).where('id', '=', 1).execute();
        const after = await sql`select rowid from works_fts where works_fts match ${'"whisper"'}`.execute(t);
        expect(after.rows).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });
});
