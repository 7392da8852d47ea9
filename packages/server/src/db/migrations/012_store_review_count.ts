import type { Migration } from 'kysely';
import type { AnyDb } from './anyDb.ts';

/**
 * `works.review_count` is the store's count from the sidecar (kikoeru front ends show it), no
 * longer this site's count of written reviews: cleared, and every work re-read at the next scan
 * (an empty signature never matches), which fills it from the sidecar.
 */
export const storeReviewCount: Migration = {
  async up(db: AnyDb) {
    await db.updateTable('works').set({ review_count: 0, scan_signature: '' }).execute();
  },
};
