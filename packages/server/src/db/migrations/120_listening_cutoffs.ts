import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import type { AnyDb } from './anyDb.ts';

/**
 * What keeps a listener's choices about history true against late reports
 * (services/listening.ts, docs/player.md "Listening state"):
 * - `listening_cutoffs`: when history (and its positions) was last cleared, for all tracks
 *   (`scope` 'all'), one work ('w:<id>') or one track ('f:<id>'); a report dated no later than
 *   the cut-off cannot bring an entry back.
 * - `listening_settings.history_paused_from` / `history_paused_until`: the span over which
 *   recording history was paused (from the first pause to the latest resume; until is null while
 *   paused). A play dated within it never enters the history, whenever it arrives.
 */
export function listeningCutoffs(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('listening_cutoffs')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('cut_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_cutoffs_pk', ['user_id', 'scope'])
        .execute();
      await db.schema.alterTable('listening_settings').addColumn('history_paused_from', big).execute();
      await db.schema.alterTable('listening_settings').addColumn('history_paused_until', big).execute();
    },
  };
}
