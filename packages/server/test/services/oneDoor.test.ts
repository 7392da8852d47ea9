/**
 * Both adapters, /api (the web app) and /rest (music players), go through the same services, so
 * one question gets one answer from either. Editing a system playlist is where they once
 * disagreed: a player sends back the name it was shown (in its language) with a new comment, and
 * the web app sends the stored name; neither is a rename, and a real rename is refused by both.
 */
import { SYSTEM_PLAYLIST_NAMES } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSystemPlaylists } from '../../src/services/playlists.ts';
import { DIALECTS } from '../helpers/db.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('one door for /api and /rest (%s)', (dialect) => {
  let t: TestApp;
  let authorization: string;
  let markedId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const owner = await account(t, 'owner');
    authorization = owner.authorization;
    await ensureSystemPlaylists(t.db, owner.id);
    const row = await t.db
      .selectFrom('playlists')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('system_kind', '=', 'marked')
      .executeTakeFirstOrThrow();
    markedId = row.id;
  });
  afterAll(() => t?.close());

  /** The stored description, to see whether an answer changed anything. */
  const description = async () =>
    (
      await t.db
        .selectFrom('playlists')
        .select('description')
        .where('id', '=', markedId)
        .executeTakeFirstOrThrow()
    ).description;

  const viaApi = async (name: string, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlist/edit-playlist-metadata',
      headers: { authorization },
      payload: { id: markedId, name, description: text },
    });
    return res.statusCode === 200 ? 'ok' : (res.json().code as string);
  };
  const viaRest = async (name: string, text: string) => {
    const qs = new URLSearchParams({ u: 'owner', p: 'owner-password', c: 'test', v: '1.16.1', f: 'json' });
    qs.set('playlistId', `pl-${markedId}`);
    qs.set('name', name);
    qs.set('comment', text);
    const res = await t.app.inject({ method: 'GET', url: `/rest/updatePlaylist?${qs}` });
    expect(res.statusCode).toBe(200);
    const body = res.json()['subsonic-response'];
    return body.status === 'ok' ? 'ok' : (body.error.message as string);
  };

  // The names a client may send back for the Marked playlist: stored, and as each language shows it.
  const OWN_NAMES = [SYSTEM_PLAYLIST_NAMES.marked, 'Marked', 'マーク', '标记', '  Marked  '];

  for (const name of OWN_NAMES) {
    it(`its own name "${name}" with a new comment is no rename, on either adapter`, async () => {
      expect(await viaApi(name, `api ${name}`)).toBe('ok');
      expect(await description()).toBe(`api ${name}`);
      expect(await viaRest(name, `rest ${name}`)).toBe('ok');
      expect(await description()).toBe(`rest ${name}`);
    });
  }

  it('a real rename is refused by both, and changes nothing', async () => {
    const before = await description();
    expect(await viaApi('Renamed', 'changed')).toBe('RENAME_SYSTEM_PLAYLIST');
    expect(await viaRest('Renamed', 'changed')).toMatch(/cannot rename system playlist/);
    expect(await description()).toBe(before);
    const name = await t.db
      .selectFrom('playlists')
      .select('name')
      .where('id', '=', markedId)
      .executeTakeFirstOrThrow();
    expect(name.name).toBe(SYSTEM_PLAYLIST_NAMES.marked);
  });

  it('the other system playlist’s title is a rename', async () => {
    expect(await viaApi('Liked', 'x')).toBe('RENAME_SYSTEM_PLAYLIST');
    expect(await viaRest('お気に入り', 'x')).toMatch(/cannot rename system playlist/);
  });
});
