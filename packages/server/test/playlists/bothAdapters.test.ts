/**
 * /api and /rest (Subsonic) change playlists through the same service, so they answer the same:
 * a client that sends a system playlist's own name back while changing its description (its
 * comment) is accepted by both, a real rename of it refused by both, and a stranger refused by both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { account, bearer, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe.each(DIALECTS)('a system playlist edited through /api and /rest (%s)', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof account>>;
  let stranger: Awaited<ReturnType<typeof account>>;
  let marked: { id: string; name: string };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await account(t, 'owner');
    stranger = await account(t, 'stranger');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/playlist/get-default-mark-target-playlist',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    marked = res.json();
  });
  afterAll(() => t.close());

  /** Edits through /api: whether it was accepted, and the refusal's message. */
  async function viaApi(token: string, body: { name?: string; description: string }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlist/edit-playlist-metadata',
      headers: bearer(token),
      payload: { id: marked.id, ...body },
    });
    return { ok: res.statusCode === 200, error: res.json().error as string | undefined };
  }

  /** Edits through /rest: updatePlaylist, signed in with the account's password as players do. */
  async function viaRest(who: { name: string }, params: { name?: string; comment: string }) {
    const qs = new URLSearchParams({
      u: who.name,
      p: `${who.name}-password`,
      f: 'json',
      playlistId: `pl-${marked.id}`,
      ...params,
    });
    const res = await t.app.inject({ method: 'GET', url: `/rest/updatePlaylist?${qs}` });
    const body = res.json()['subsonic-response'];
    return { ok: body.status === 'ok', error: body.error?.message as string | undefined };
  }

  const description = async () =>
    (
      await t.db
        .selectFrom('playlists')
        .select(['name', 'description'])
        .where('id', '=', marked.id)
        .executeTakeFirstOrThrow()
    ).description;

  it('takes the own name sent back with a new description on both', async () => {
    const api = await viaApi(owner.token, { name: ` ${marked.name} `, description: 'from the web' });
    expect(api).toEqual({ ok: true, error: undefined });
    expect(await description()).toBe('from the web');
    const rest = await viaRest({ name: 'owner' }, { name: marked.name, comment: 'from a player' });
    expect(rest).toEqual(api);
    expect(await description()).toBe('from a player');
  });

  it('refuses a real rename on both, with the same message, and changes nothing', async () => {
    const api = await viaApi(owner.token, { name: 'Mine now', description: 'x' });
    const rest = await viaRest({ name: 'owner' }, { name: 'Mine now', comment: 'x' });
    expect(api).toEqual({ ok: false, error: 'cannot rename system playlist' });
    expect(rest).toEqual(api);
    expect(await description()).toBe('from a player');
  });

  it('refuses another account on both, with the same message', async () => {
    const api = await viaApi(stranger.token, { name: marked.name, description: 'y' });
    const rest = await viaRest({ name: 'stranger' }, { name: marked.name, comment: 'y' });
    expect(api).toEqual({ ok: false, error: 'playlist not found' });
    expect(rest).toEqual(api);
    expect(await description()).toBe('from a player');
  });
});
