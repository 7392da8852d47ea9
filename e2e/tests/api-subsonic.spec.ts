/**
 * An independent Subsonic client (the npm package `subsonic-api`) against the real server on the
 * demo library, over real HTTP: token sign-in with an app password made through the account API,
 * apiKey, browsing, search, streaming (the bytes are the file's), lyrics and form posts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SubsonicAPI } from 'subsonic-api';
import { bearer, freshName, register } from './helpers/accounts.ts';

const port = Number(process.env.E2E_PORT || 8931);
const url = `http://127.0.0.1:${port}`;

/** The folder of a work in the demo library, found by its code. */
function workFolder(code: string): string {
  const root = path.join(process.env.E2E_DATA_DIR as string, 'demo-library');
  const walk = (dir: string): string | null => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.includes(code)) return full;
      const inner = walk(full);
      if (inner) return inner;
    }
    return null;
  };
  const found = walk(root);
  if (!found) throw new Error(`no folder for ${code}`);
  return found;
}

test.describe('Subsonic clients', () => {
  let name: string;
  let secret: string;

  test.beforeAll(async ({ request }) => {
    name = freshName('sub');
    const token = await register(request, name, 'listener-pass');
    const res = await request.post('/api/auth/app-passwords', {
      headers: bearer(token),
      data: { name: 'Phone' },
    });
    expect(res.status()).toBe(200);
    secret = (await res.json()).secret;
  });

  const tokenClient = (post = false) =>
    new SubsonicAPI({ url, auth: { username: name, password: secret }, post });

  test('signs in with a token from an app password, and with an apiKey', async () => {
    const ping = await tokenClient().ping();
    expect(ping.status).toBe('ok');
    expect((ping as unknown as { openSubsonic: boolean }).openSubsonic).toBe(true);
    const byKey = await new SubsonicAPI({ url, auth: { apiKey: secret } }).ping();
    expect(byKey.status).toBe('ok');
    const wrong = await new SubsonicAPI({ url, auth: { username: name, password: 'not-it' } }).ping();
    expect(wrong.status).toBe('failed');
    expect((wrong as unknown as { error: { code: number } }).error.code).toBe(40);
  });

  test('browses circles, albums and songs', async () => {
    const api = tokenClient();
    const { artists } = await api.getArtists();
    const circle = artists.index?.[0]?.artist?.[0];
    expect(circle?.id).toMatch(/^ar-/);
    const { artist } = await api.getArtist({ id: circle?.id as string });
    expect(artist.album?.length).toBeGreaterThan(0);
    const { album } = await api.getAlbum({ id: artist.album?.[0]?.id as string });
    expect(album.song?.length).toBeGreaterThan(0);
    expect(album.artist).toBe(circle?.name);
    const { albumList2 } = await api.getAlbumList2({ type: 'alphabeticalByName', size: 5 });
    expect(albumList2.album).toHaveLength(5);
  });

  test('searches by work code with a form post', async () => {
    const { searchResult3 } = await tokenClient(true).search3({ query: 'RJ01234567' });
    expect(searchResult3.album?.map((a) => a.name)).toEqual(['耳かきと囁きの夜']);
  });

  test('streams a song: the bytes are the file', async () => {
    const api = tokenClient();
    const { searchResult3 } = await api.search3({ query: 'RJ01234567', songCount: 1 });
    const song = searchResult3.song?.[0];
    expect(song?.path).toBeTruthy();
    const res = await api.stream({ id: song?.id as string, format: 'raw' });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const onDisk = fs.readFileSync(path.join(workFolder('RJ01234567'), song?.path as string));
    expect(bytes.equals(onDisk)).toBe(true);
  });

  test('reads the lyrics linked to a song', async () => {
    const api = tokenClient();
    const { searchResult3 } = await api.search3({ query: 'RJ01234567', songCount: 1 });
    const song = searchResult3.song?.[0];
    // The spec's shape (`lyricsList.structuredLyrics`); the package types it as a bare array.
    const r = (await api.getLyricsBySongId({ id: song?.id as string })) as unknown as {
      lyricsList: { structuredLyrics: { synced: boolean; line: { start: number; value: string }[] }[] };
    };
    const lyrics = r.lyricsList.structuredLyrics[0];
    expect(lyrics?.synced).toBe(true);
    expect(lyrics?.line.length).toBeGreaterThan(0);
    expect(lyrics?.line[0]?.start).toBeGreaterThanOrEqual(0);
    const vtt = fs.readFileSync(path.join(workFolder('RJ01234567'), `${song?.path}.vtt`), 'utf8');
    expect(vtt).toContain(lyrics?.line[0]?.value as string);
  });

  test('round-trips the play queue with the web app', async ({ request }) => {
    const api = tokenClient();
    const { searchResult3 } = await api.search3({ query: 'RJ01234567', songCount: 3 });
    const ids = (searchResult3.song ?? []).map((s) => s.id);
    expect(ids.length).toBe(3);
    expect((await api.savePlayQueue({ id: ids, current: ids[2], position: 65_000 })).status).toBe('ok');
    const token = (
      await (await request.post('/api/auth/me', { data: { name, password: 'listener-pass' } })).json()
    ).token;
    const web = await (await request.get('/api/listening/queue', { headers: bearer(token) })).json();
    expect(web.queue.currentIndex).toBe(2);
    expect(web.queue.position).toBe(65);
    // The web app moves on; the player resumes where it stopped.
    const tracks = web.queue.tracks.map((t: { track: string }) => t.track);
    const put = await request.put('/api/listening/queue', {
      headers: bearer(token),
      data: {
        tracks,
        currentIndex: 1,
        position: 30,
        device: 'Chromium',
        deviceId: 'e2e-browser',
        at: Date.now() + 1000,
      },
    });
    expect(put.status()).toBe(200);
    const { playQueue } = await api.getPlayQueue();
    expect(playQueue?.current).toBe(ids[1]);
    expect(playQueue?.position).toBe(30_000);
    expect(playQueue?.entry?.map((e) => e.id)).toEqual(ids);
  });
});
