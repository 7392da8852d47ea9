/**
 * VJ and BJ codes own their own id ranges (BJ n → 100,000,000 + n, VJ n → 200,000,000 + n), so
 * the bare digits of such a code are an RJ id. Asked for those digits when only the VJ/BJ work
 * exists, the answer is a 404 that names the id the client meant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('VJ/BJ numeric ids on %s', (dialect) => {
  let ta: TestApp;
  const get = async (url: string) => {
    const res = await ta.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    await seedWorks(ta.db, [
      { id: 200_123_456, source_id: 'VJ123456', title: 'A VJ work' },
      { id: 100_123_456, source_id: 'BJ123456', title: 'A BJ work' },
      { id: 200_654_321, source_id: 'VJ654321', title: 'Another VJ work' },
      { id: 777_777, title: 'An RJ work' },
    ]);
  });
  afterAll(() => ta.close());

  it('answers the VJ/BJ work by its own id and code', async () => {
    for (const url of ['/api/workInfo/200123456', '/api/workInfo/VJ123456', '/api/work/vj654321']) {
      expect((await get(url)).status, url).toBe(200);
    }
    expect((await get('/api/workInfo/BJ123456')).body.id).toBe(100_123_456);
  });

  it("names the ids meant when a client sends a VJ/BJ code's bare digits", async () => {
    for (const route of ['workInfo', 'work']) {
      const res = await get(`/api/${route}/123456`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(
        'Work not found: 123456 is RJ123456. BJ123456 has id 100123456; VJ123456 has id 200123456: ask for that id or code',
      );
      expect(res.body.details).toEqual({
        candidates: [
          { id: 100_123_456, code: 'BJ123456' },
          { id: 200_123_456, code: 'VJ123456' },
        ],
      });
    }
    expect((await get('/api/workInfo/654321')).body.details.candidates).toEqual([
      { id: 200_654_321, code: 'VJ654321' },
    ]);
  });

  it('names them as well on the track tree and the cover, which kikoeru clients ask by id', async () => {
    const candidates = [
      { id: 100_123_456, code: 'BJ123456' },
      { id: 200_123_456, code: 'VJ123456' },
    ];
    for (const url of ['/api/tracks/123456', '/api/cover/123456?type=240x240', '/api/cover/123456.jpg']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.error, url).toMatch(
        /123456 is RJ123456\. BJ123456 has id 100123456; VJ123456 has id 200123456/,
      );
      expect(res.body.details, url).toEqual({ candidates });
    }
    expect((await get('/api/tracks/1')).body).toEqual({
      error: 'No tracks found: unknown work',
      code: 'TRACKS_NOT_FOUND',
    });
    expect((await get('/api/cover/RJ123456')).body).toEqual({
      error: 'Work not found',
      code: 'WORK_NOT_FOUND',
    });
    expect((await ta.app.inject({ method: 'GET', url: '/api/cover/200123456' })).statusCode).toBe(200);
  });

  it('keeps a plain 404 for an explicit RJ code, and the RJ work when it exists', async () => {
    expect((await get('/api/workInfo/RJ123456')).body).toEqual({
      error: 'Work not found',
      code: 'WORK_NOT_FOUND',
    });
    expect((await get('/api/workInfo/1')).body).toEqual({ error: 'Work not found', code: 'WORK_NOT_FOUND' });
    expect((await get('/api/workInfo/777777')).body.title).toBe('An RJ work');
  });
});
