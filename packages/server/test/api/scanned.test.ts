/**
 * The API on a really scanned library: the demo library generator's works, scanned by the
 * scanner, then read back through every catalogue endpoint (sizes and bytes checked on disk).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoLibrary, generateDemoLibrary } from '../../src/demo/generate.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

interface Node {
  type: string;
  title: string;
  hash?: string;
  size?: number;
  mediaDownloadUrl?: string;
  children?: Node[];
  availableLyrics?: { mediaDownloadUrl: string }[];
}

const flatten = (nodes: Node[], prefix = ''): { rel: string; node: Node }[] =>
  nodes.flatMap((n) =>
    n.type === 'folder'
      ? flatten(n.children ?? [], `${prefix}${n.title}/`)
      : [{ rel: `${prefix}${n.title}`, node: n }],
  );

let demo: DemoLibrary;
const libDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-demo-api-'));

beforeAll(async () => {
  // Without ffmpeg encoding the generator writes WAV tracks: quick, and the same tree shape.
  demo = await generateDemoLibrary(libDir, { ffmpeg: false });
}, 120_000);
afterAll(() => fs.rmSync(libDir, { recursive: true, force: true }));

describe.each(DIALECTS)('API on a scanned demo library on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await startTestApp(dialect, { libraryRoots: [demo.root] });
    const summary = await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    expect(summary.errors).toEqual([]);
  }, 120_000);
  afterAll(() => ta.close());

  const get = async (url: string) => {
    const res = await ta.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:9201' } });
    return res;
  };

  it('lists every scanned work, each with a complete Work object', async () => {
    const res = await get('/api/works?pageSize=100&order=id&sort=asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination.totalCount).toBe(demo.works.length);
    expect(body.works.map((w: { id: number }) => w.id)).toEqual(
      demo.works.map((w) => w.id).sort((a, b) => a - b),
    );
    for (const w of body.works) {
      expect(w.mainCoverUrl).toBe(`http://127.0.0.1:9201/api/cover/${w.id}.jpg?type=main`);
      expect(
        w.tags.every((t: { i18n: object }) => Object.keys(t.i18n).sort().join() === 'en-us,ja-jp,zh-cn'),
      ).toBe(true);
    }
  });

  it('finds each work by its code and by a two-character piece of its title', async () => {
    for (const w of demo.works.slice(0, 8)) {
      const byCode = (await get(`/api/search/${w.code}`)).json();
      expect(byCode.works.map((x: { id: number }) => x.id)).toEqual([w.id]);
      const scanned = (await get(`/api/workInfo/${w.id}`)).json();
      const piece = [...scanned.title].slice(0, 2).join('');
      const byTitle = (
        await get(`/api/search/${encodeURIComponent(JSON.stringify(piece))}?pageSize=100`)
      ).json();
      expect(byTitle.works.map((x: { id: number }) => x.id)).toContain(w.id);
    }
  });

  it('answers trees whose sizes and downloads match the files on disk', async () => {
    for (const w of demo.works) {
      const res = await get(`/api/tracks/${w.code}`);
      expect(res.statusCode).toBe(200);
      const files = flatten(res.json());
      expect(files.length).toBeGreaterThan(0);
      for (const { rel, node } of files) {
        const abs = path.join(demo.root, w.folder, rel);
        expect(node.size, rel).toBe(fs.statSync(abs).size);
        expect(node.hash).toMatch(new RegExp(`^${w.id}/\\d+$`));
      }
      const audio = files.find((f) => f.node.type === 'audio');
      if (audio) {
        const url = new URL(audio.node.mediaDownloadUrl!);
        const dl = await get(url.pathname);
        expect(dl.statusCode).toBe(200);
        expect(dl.rawPayload.equals(fs.readFileSync(path.join(demo.root, w.folder, audio.rel)))).toBe(true);
      }
    }
  });

  it('links subtitle files to their audio as available lyrics', async () => {
    let linked = 0;
    for (const w of demo.works) {
      for (const { node } of flatten((await get(`/api/tracks/${w.id}`)).json())) {
        for (const lyric of node.availableLyrics ?? []) {
          linked++;
          expect((await get(new URL(lyric.mediaDownloadUrl).pathname)).statusCode).toBe(200);
        }
      }
    }
    expect(linked).toBeGreaterThan(0);
  });

  it('serves a cover or the placeholder for every work', async () => {
    for (const w of demo.works.slice(0, 6)) {
      const res = await get(`/api/cover/${w.id}.jpg?type=sam`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('lists the circles, tags and voice actors of the library with counts', async () => {
    for (const kind of ['circles', 'tags', 'vas']) {
      const list = (await get(`/api/${kind}/`)).json();
      expect(list.length).toBeGreaterThan(0);
      const first = list[0];
      expect(first.count).toBeGreaterThan(0);
      const works = (await get(`/api/${kind}/${encodeURIComponent(first.id)}/works?pageSize=100`)).json();
      expect(works.pagination.totalCount).toBe(first.count);
    }
  });
});
