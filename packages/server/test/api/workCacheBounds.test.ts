/**
 * The catalogue cache is bounded by bytes, not entries (services/catalogue/workCache.ts): whatever mix of
 * small and large heads, results and pages comes in, what it holds stays under its budgets, the
 * least recently used going first.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedCopy } from '../../src/http/compression.ts';
import { WorkCache } from '../../src/services/catalogue/workCache.ts';
import { openTestDb, type TestDb } from '../helpers/db.ts';

const MB = 1024 * 1024;

describe('catalogue cache bounds', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
  });
  afterAll(() => t.close());

  it('keeps pages within 12 MB, the most recently used ones', async () => {
    const cache = new WorkCache(t);
    const g = await cache.sync();
    for (let i = 0; i < 300; i++) {
      for (let twice = 0; twice < 2; twice++)
        cache.putPage(g, `page ${i}`, Buffer.alloc(60_000, i % 256), []);
    }
    expect(cache.bytesHeld().pages).toBeLessThanOrEqual(12 * MB);
    expect(cache.bytesHeld().pages).toBeGreaterThan(10 * MB);
    expect(cache.page('page 0')).toBeUndefined();
    expect(cache.page('page 299')?.[0]).toBe(299 % 256);
  });

  it('keeps a page from its first request, a work from the second time it is offered', async () => {
    const cache = new WorkCache(t);
    const g = await cache.sync();
    const hot = Buffer.alloc(60_000, 1);
    const kept = cache.putPage(g, 'hot', hot, []);
    expect(cache.page('hot')).toBe(kept);
    expect(kept.equals(hot)).toBe(true);
    cache.putHead(g, 7, Buffer.from('{"id":7}'));
    expect(cache.head(7)).toBeUndefined();
    cache.putHead(g, 7, Buffer.from('{"id":7}'));
    expect(cache.head(7)?.toString()).toBe('{"id":7}');
  });

  it('keeps heads and results within their budgets, whatever their sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 50, maxLength: 300 }),
        async (sizes) => {
          const cache = new WorkCache(t);
          const g = await cache.sync();
          for (const [i, n] of sizes.entries()) {
            cache.putHead(g, i, Buffer.alloc(n));
            cache.putHead(g, i, Buffer.alloc(n));
            cache.putResult(
              g,
              `query ${i}`,
              Array.from({ length: Math.floor(n / 8) }, (_, k) => k),
              ['lists'],
            );
          }
          const held = cache.bytesHeld();
          expect(held.heads).toBeLessThanOrEqual(8 * MB);
          expect(held.results).toBeLessThanOrEqual(8 * MB);
          // The last one written is kept unless it alone is over an eighth of the budget.
          const last = sizes.length - 1;
          if (sizes[last]! < (8 * MB) / 8 - 200) expect(cache.head(last)?.length).toBe(sizes[last]);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('holds no more memory than the bytes it counts: kept heads, pages and compressed copies own their bytes', async () => {
    const cache = new WorkCache(t);
    const g = await cache.sync();
    // A small Buffer.from is a slice of Node's shared 8 KB pool; zlib answers a slice of 16 KB.
    const head = Buffer.from(JSON.stringify({ id: 1, title: 'x'.repeat(3000) }));
    expect(head.buffer.byteLength).toBeGreaterThan(head.length);
    cache.putHead(g, 1, head);
    cache.putHead(g, 1, head);
    expect(cache.head(1)?.buffer.byteLength).toBe(head.length);
    const small = Buffer.from('{"works":[],"pagination":{}}');
    const kept = cache.putPage(g, 'small', small, []);
    expect(kept.buffer.byteLength).toBe(small.length);
    expect(cache.page('small')).toBe(kept);
    const page = Buffer.from(
      JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: 'work' }))),
    );
    for (const encoding of ['br', 'gzip'] as const) {
      const copy = compressedCopy(page, encoding);
      expect(copy.length).toBeLessThan(4096);
      expect(copy.buffer.byteLength, encoding).toBe(copy.length);
      expect(compressedCopy(page, encoding)).toBe(copy);
    }
    expect(cache.bytesHeld().heads).toBeGreaterThanOrEqual(head.length);
  });

  it('drops everything when the catalogue generation is moved by hand, with no change recorded', async () => {
    const cache = new WorkCache(t);
    const g = await cache.sync();
    for (let twice = 0; twice < 2; twice++) {
      cache.putPage(g, 'p', Buffer.alloc(10), ['lists']);
      cache.putHead(g, 1, Buffer.alloc(10));
    }
    expect(cache.bytesHeld().pages).toBeGreaterThan(0);
    await t
      .updateTable('catalogue_state')
      .set({ generation: g + 1 })
      .execute();
    await cache.sync();
    expect(cache.bytesHeld()).toEqual({ heads: 0, results: 0, pages: 0 });
    expect(cache.page('p')).toBeUndefined();
  });
});
