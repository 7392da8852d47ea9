import { type Migration, sql } from 'kysely';
import type { AnyDb } from './anyDb.ts';

/**
 * Recommender events: one row per listener, work and type (a second `like` refreshes the first),
 * and the viewer each counts for in the popular ranking (the account, or the address of an
 * anonymous listener), so repeats and fresh browser ids from one place count once.
 */
export const recommenderViewers: Migration = {
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
