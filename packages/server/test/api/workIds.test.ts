/**
 * GET /api/works/ids: the library's whole list of work ids in the contract's compact form, for a
 * client to intersect its own list with (local subtitles, the import box); it follows rescans.
 */
import { decodeWorkIds, encodeWorkIds } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('the compact form of work ids', () => {
  it('round-trips sorted, de-duplicated ids in little space', () => {
    const ids = [1_400_112, 123_456, 200_000_001, 123_457, 123_456, 100_000_999];
    const text = encodeWorkIds(ids);
    expect(decodeWorkIds(text)).toEqual([123_456, 123_457, 1_400_112, 100_000_999, 200_000_001]);
    const many = Array.from({ length: 10_000 }, (_, i) => 1_000_000 + i * 3);
    const compact = encodeWorkIds(many);
    expect(decodeWorkIds(compact)).toEqual(many);
    // One character and a comma per close id, against eight digits and a comma as JSON.
    expect(compact.length).toBeLessThan(JSON.stringify(many).length / 3);
    expect(decodeWorkIds('')).toEqual([]);
    expect(decodeWorkIds('a,,!,-1,1')).toEqual([10, 11]);
  });
});

describe.each(DIALECTS)('GET /api/works/ids (%s)', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, [
      { id: 1_400_112, title: 'eight digits' },
      { id: 123_456, title: 'six digits' },
      { id: 100_000_123, title: 'BJ' },
    ]);
  });
  afterAll(async () => {
    await ta?.close();
  });

  it('answers every work id to a visitor, and follows a change of the catalogue', async () => {
    const first = await ta.app.inject({ url: '/api/works/ids' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(3);
    expect(decodeWorkIds(body.ids)).toEqual([123_456, 1_400_112, 100_000_123]);
    await seedWorks(ta.db, [{ id: 123_999, title: 'new' }]);
    const again = (await ta.app.inject({ url: '/api/works/ids' })).json();
    expect(decodeWorkIds(again.ids)).toEqual([123_456, 123_999, 1_400_112, 100_000_123]);
  });
});
