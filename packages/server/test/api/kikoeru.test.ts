/**
 * The calls of the kikoeru web front end that only it makes: covers without an extension, the
 * shared config and version read on every page load, the former /api/me address, and the
 * lyric lookup (check-lrc, then the LRC text through the stream route) on a scanned library.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';
import { writeTree } from '../scanner/helpers.ts';

const LRC = '[00:00.00]はじめまして\n[00:01.00]よろしくね\n';

describe.each(DIALECTS)('kikoeru front end calls on %s', (dialect) => {
  let ta: TestApp;
  const ids: Record<string, number> = {};
  const get = (url: string, headers: Record<string, string> = {}) =>
    ta.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ta = await startTestApp(dialect, { rewindSeekSeconds: 7, forwardSeekSeconds: 45 });
    writeTree(ta.config.libraryRoots[0]!, {
      'RJ01000001/01 intro.wav': 1,
      'RJ01000001/01 intro.lrc': iconv.encode(LRC, 'shift_jis'),
      'RJ01000001/02.wav': 1,
      'RJ01000001/02.wav.vtt': 'WEBVTT\n\n00:00.000 --> 00:01.000\nvtt only\n',
      'RJ01000001/03.wav': 1,
      'RJ01000001/04.wav': 1,
      'RJ01000001/04.srt': '1\n00:00:00,000 --> 00:00:01,000\nsrt\n',
      'RJ01000001/04.wav.lrc': '[00:00.00]full name\n',
      'RJ01000001/04.lrc': '[00:00.00]base name\n',
      'RJ01000002/01.wav': 1,
    });
    const summary = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    expect(summary.errors).toEqual([]);
    for (const f of await ta.db.selectFrom('files').select(['id', 'work_id', 'path']).execute()) {
      ids[`${f.work_id}:${f.path}`] = f.id;
    }
  }, 60_000);
  afterAll(() => ta.close());

  const hashOf = (workId: number, rel: string) => {
    const id = ids[`${workId}:${rel}`];
    if (id === undefined) throw new Error(`not scanned: ${rel}`);
    return `${workId}/${id}`;
  };

  it('serves covers with and without .jpg, by number and by code, in every type', async () => {
    for (const type of ['main', 'sam', '240x240']) {
      const withExt = await get(`/api/cover/1000001.jpg?type=${type}`);
      expect(withExt.statusCode, type).toBe(200);
      for (const url of [`/api/cover/1000001?type=${type}`, `/api/cover/RJ01000001?type=${type}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('image/jpeg');
        expect(res.rawPayload.equals(withExt.rawPayload), url).toBe(true);
      }
    }
    expect(
      (await get('/api/cover/1000001')).rawPayload.equals((await get('/api/cover/1000001.jpg')).rawPayload),
    ).toBe(true);
    expect((await get('/api/cover/9999999?type=main')).statusCode).toBe(404);
    for (const url of ['/api/cover/abc', '/api/cover/1000001.png', '/api/cover/1000001?type=360x360']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual(expect.any(String));
    }
  });

  it('answers the shared config from the config module', async () => {
    const res = await get('/api/config/shared');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sharedConfig: { rewindSeekTime: 7, forwardSeekTime: 45 } });
  });

  it('takes the seek steps from the environment and refuses steps below one second', () => {
    const config = loadConfig({ SASAYAKI_REWIND_SECONDS: '10', SASAYAKI_FORWARD_SECONDS: '' });
    expect([config.rewindSeekSeconds, config.forwardSeekSeconds]).toEqual([10, 30]);
    expect(loadConfig({}).rewindSeekSeconds).toBe(5);
    expect(() => loadConfig({ SASAYAKI_FORWARD_SECONDS: '0' })).toThrow(/SASAYAKI_FORWARD_SECONDS/);
    expect(() => loadConfig({ SASAYAKI_REWIND_SECONDS: '-5' })).toThrow(/SASAYAKI_REWIND_SECONDS/);
  });

  it('answers the version without an update or an upgrade lock', async () => {
    const res = await get('/api/version');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body).toEqual({
      current: body.current,
      latest_stable: body.current,
      latest_release: body.current,
      update_available: false,
      notifyUser: false,
      lockFileExists: false,
      lockReason: null,
    });
  });

  it('searches at /api/search with and without the slash, the keyword in the query', async () => {
    const ids = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      return res.json().works.map((w: { id: number }) => w.id);
    };
    for (const url of ['/api/search?keyword=RJ01000001', '/api/search/?keyword=RJ01000001']) {
      expect(await ids(url), url).toEqual([1000001]);
    }
    for (const url of ['/api/search', '/api/search/', '/api/search?keyword=']) {
      expect((await ids(`${url}${url.includes('?') ? '&' : '?'}order=id&sort=asc`)).sort(), url).toEqual([
        1000001, 1000002,
      ]);
    }
  });

  it('describes the kikoeru routes in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const route of [
      '/api/config/shared',
      '/api/version',
      '/api/me',
      '/api/media/check-lrc/{workId}/{fileId}',
      '/api/search',
    ]) {
      expect(doc.paths, route).toHaveProperty([route]);
    }
  });

  it('redirects the former /api/me to /api/auth/me', async () => {
    const res = await get('/api/me');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/auth/me');
  });

  it('finds the LRC file of a track and streams its text in its own charset', async () => {
    const res = await get(`/api/media/check-lrc/${hashOf(1000001, '01 intro.wav')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      result: true,
      message: expect.any(String),
      hash: hashOf(1000001, '01 intro.lrc'),
    });
    const text = await get(`/api/media/stream/${body.hash}?token=`);
    expect(text.statusCode).toBe(200);
    const charset = /charset=([^;]+)/.exec(String(text.headers['content-type']))?.[1];
    expect(charset?.toLowerCase()).toMatch(/shift_jis|sjis|cp932|windows-31j/);
    expect(new TextDecoder(charset, { fatal: true }).decode(text.rawPayload)).toBe(LRC);
  });

  it('prefers the first LRC in name order and ignores other subtitle formats', async () => {
    const both = (await get(`/api/media/check-lrc/${hashOf(1000001, '04.wav')}`)).json();
    expect(both.hash).toBe(hashOf(1000001, '04.lrc'));
    for (const rel of ['02.wav', '03.wav', '02.wav.vtt', '01 intro.lrc']) {
      const res = await get(`/api/media/check-lrc/${hashOf(1000001, rel)}`);
      expect(res.statusCode, rel).toBe(200);
      expect(res.json(), rel).toEqual({ result: false, message: expect.any(String), hash: '' });
    }
  });

  it('answers 404 for a file of another work or no file, 400 for malformed ids', async () => {
    const other = hashOf(1000002, '01.wav').split('/')[1];
    for (const url of [`/api/media/check-lrc/1000001/${other}`, '/api/media/check-lrc/1000001/99999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe('File not found');
    }
    for (const url of ['/api/media/check-lrc/abc/1', '/api/media/check-lrc/1/-1', '/api/media/check-lrc/1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().error, url).toEqual(expect.any(String));
    }
  });
});

describe('check-lrc without anonymous media', () => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp('sqlite', { allowAnonymousMedia: false });
  });
  afterAll(() => ta.close());

  it('asks for a login like the media routes', async () => {
    const res = await ta.app.inject({ method: 'GET', url: '/api/media/check-lrc/1/1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual(expect.any(String));
  });
});
