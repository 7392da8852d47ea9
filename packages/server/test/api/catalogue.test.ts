import { parseKeyword } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, type Principal } from '../../src/auth/principal.ts';
import { listWorks } from '../../src/services/catalogue/lists.ts';
import { DIALECTS, openTestDb, type TestDb } from '../helpers/db.ts';
import { type SeedWork, seedReview, seedUser, seedWorks } from '../helpers/seed.ts';

const BASE = 'http://127.0.0.1:9200';

describe.each(DIALECTS)('listWorks service on %s', (dialect) => {
  let t: TestDb;
  let viewer: Principal;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    const works: SeedWork[] = Array.from({ length: 30 }, (_, i) => ({
      id: 1000 + i,
      title: `Work ${i}`,
      release: `2023-01-${String((i % 5) + 1).padStart(2, '0')}`,
      price: (i % 3) * 100,
    }));
    await seedWorks(t, works);
    const uid = await seedUser(t, 'listener');
    viewer = { kind: 'account', id: uid, name: 'listener', group: 'user' };
    await seedReview(t, uid, 1005, 5, { progress: 'listening', updated_at: 10 });
    await seedReview(t, uid, 1007, 3, { progress: 'listened', updated_at: 20 });
  });
  afterAll(() => t.close());

  it('lists the works of a scope (reviews of the viewer, ordered by update)', async () => {
    const page = await listWorks(
      { db: t },
      {
        viewer,
        includeReview: true,
        sort: 'desc',
        scope: { kind: 'reviews', userId: (viewer as { id: number }).id, byUpdate: true },
      },
      BASE,
    );
    expect(page.works.map((w) => w.id)).toEqual([1007, 1005]);
    expect(page.works[0]).toMatchObject({ userRating: 3, progress: 'listened', user_name: 'listener' });
    expect(page.pagination.totalCount).toBe(2);
  });

  it('keeps the order of given ids and filters them by keyword', async () => {
    const page = await listWorks(
      { db: t },
      { viewer: ANONYMOUS, workIds: [1020, 1003, 1011, 99999], keepIdOrder: true, pageSize: 2 },
      BASE,
    );
    expect(page.works.map((w) => w.id)).toEqual([1020, 1003]);
    expect(page.pagination).toEqual({ currentPage: 1, pageSize: 2, totalCount: 3 });
    const filtered = await listWorks(
      { db: t },
      { viewer: ANONYMOUS, workIds: [1020, 1003, 1011], keepIdOrder: true, terms: parseKeyword('RJ001011') },
      BASE,
    );
    expect(filtered.works.map((w) => w.id)).toEqual([1011]);
  });
});
