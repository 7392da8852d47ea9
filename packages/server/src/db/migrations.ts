/**
 * The migration set for both dialects, one file per step in `migrations/`, named by its order.
 * Kysely's migrator records each applied step in `kysely_migration`, which is the schema version
 * of a database. A new step is a new file here and a line below.
 */
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './dialect.ts';
import { initial } from './migrations/001_initial.ts';
import { userNameKey } from './migrations/002_user_name_key.ts';
import { feedback } from './migrations/003_feedback.ts';
import { CATALOGUE_TABLES, catalogueGeneration } from './migrations/004_catalogue_generation.ts';
import { loginLimits } from './migrations/005_login_limits.ts';
import { requestLimits } from './migrations/006_request_limits.ts';
import { revokedTokens } from './migrations/010_revoked_tokens.ts';
import { recommenderViewers } from './migrations/011_recommender_viewers.ts';
import { storeReviewCount } from './migrations/012_store_review_count.ts';
import { fileContentType } from './migrations/013_file_content_type.ts';
import { userNameSkeleton } from './migrations/014_user_name_skeleton.ts';
import { libraryRoots } from './migrations/020_library_roots.ts';
import { scanRuns } from './migrations/021_scan_runs.ts';
import { consoleOps } from './migrations/030_console_ops.ts';
import { appPasswords } from './migrations/040_app_passwords.ts';
import { worksTitleIndex } from './migrations/041_works_title_index.ts';
import { listeningState } from './migrations/050_listening_state.ts';
import { notifyCatalogueGeneration } from './migrations/070_notify_catalogue_generation.ts';
import { worksSearchBigrams } from './migrations/073_works_search_bigrams.ts';
import { invitations } from './migrations/080_invitations.ts';
import { worksSearchGrams } from './migrations/090_works_search_grams.ts';
import { limitCounters } from './migrations/100_limit_counters.ts';
import { catalogueChanges, remakeWorksUpdateTriggers } from './migrations/110_catalogue_changes.ts';
import { listeningCutoffs } from './migrations/120_listening_cutoffs.ts';
import { sessions } from './migrations/130_sessions.ts';
import { scanProblems } from './migrations/140_scan_problems.ts';
import { scanSchedules } from './migrations/141_scan_schedules.ts';
import { communitySubtitles } from './migrations/150_community_subtitles.ts';
import type { AnyDb } from './migrations/anyDb.ts';

export { CATALOGUE_TABLES };

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
    '020_library_roots': libraryRoots(dialect),
    '021_scan_runs': scanRuns(dialect),
    '030_console_ops': consoleOps(dialect),
    '040_app_passwords': appPasswords(dialect),
    '041_works_title_index': worksTitleIndex,
    '050_listening_state': listeningState(dialect),
    '070_notify_catalogue_generation': notifyCatalogueGeneration(dialect),
    '073_works_search_bigrams': worksSearchBigrams(dialect),
    '080_invitations': invitations(dialect),
    '090_works_search_grams': worksSearchGrams(dialect),
    '100_limit_counters': limitCounters(dialect),
    '110_catalogue_changes': catalogueChanges(dialect),
    '120_listening_cutoffs': listeningCutoffs(dialect),
    '130_sessions': sessions(dialect),
    '140_scan_problems': scanProblems,
    '141_scan_schedules': scanSchedules(dialect),
    '150_community_subtitles': communitySubtitles(dialect),
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
  // SQLite's update triggers of `works` name the columns whose change retires the cached lists
  // (migration 110): made again after any migration, so a column added later is seen too.
  // PostgreSQL compares whole rows.
  if (dialect === 'sqlite' && results?.some((r) => r.status === 'Success'))
    await remakeWorksUpdateTriggers(db);
}
