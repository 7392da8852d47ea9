/**
 * The start-up warm-up (src/warmUp.ts) leaves the default works page and its first work's
 * detail cached, so the first listener after a restart is served from the cache; and it never
 * throws, whatever the database does.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCacheOf } from '../../src/services/workCache.ts';
import { warmUp } from '../../src/warmUp.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('start-up warm-up on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(
      ta.db,
      Array.from({ length: 5 }, (_, i) => ({ id: 1_500_001 + i, title: `温める作品 warm ${i}` })),
    );
  });
  afterAll(() => ta.close());

  it('fills the catalogue cache with the default works page', async () => {
    const cache = workCacheOf(ta.db);
    await cache.sync();
    expect(cache.bytesHeld().pages).toBe(0);
    await warmUp(ta.app);
    const held = cache.bytesHeld();
    expect(held.pages).toBeGreaterThan(0);
    expect(held.heads).toBeGreaterThan(0);
  });

  it('only logs when the database is gone', async () => {
    const other = await startTestApp(dialect);
    await other.db.close();
    await expect(warmUp(other.app)).resolves.toBeUndefined();
    await other.app.close();
    fs.rmSync(other.dir, { recursive: true, force: true });
  });
});
