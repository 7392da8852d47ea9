/**
 * The playlist name and description limits are said once (LIMITS): the route schemas refuse what
 * is longer, and the refusal carries the playlist's own codes, as the service's check does.
 */
import { ERRORS, fillPlaceholders, LIMITS, ROUTE_LIST } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/db.ts';
import { account, startTestApp, type TestApp } from '../helpers/testApp.ts';

/** The maxLength of each name and description field in the playlist routes' bodies. */
function bodyLimits(): { route: string; field: string; maxLength: unknown }[] {
  return ROUTE_LIST.filter((r) => r.path.startsWith('/api/playlist/')).flatMap((r) => {
    const props = (r.body as { properties?: Record<string, { maxLength?: unknown }> } | undefined)
      ?.properties;
    return ['name', 'description']
      .filter((field) => props?.[field])
      .map((field) => ({ route: `${r.method} ${r.path}`, field, maxLength: props?.[field]?.maxLength }));
  });
}

describe('playlist limits in the route table', () => {
  it('every playlist name and description field takes exactly LIMITS', () => {
    const found = bodyLimits();
    // Create and edit-metadata both carry a name and a description.
    expect(found.length).toBeGreaterThanOrEqual(4);
    for (const f of found) {
      const expected = f.field === 'name' ? LIMITS.playlistName : LIMITS.playlistDescription;
      expect(f, `${f.route} ${f.field}`).toMatchObject({ maxLength: expected });
    }
  });

  it.each([
    ['PLAYLIST_NAME_TOO_LONG', LIMITS.playlistName],
    ['PLAYLIST_DESCRIPTION_TOO_LONG', LIMITS.playlistDescription],
  ] as const)('%s is a 400 whose message names the limit %i', (code, max) => {
    expect(ERRORS[code].status).toBe(400);
    expect(fillPlaceholders(ERRORS[code].message, { max })).toContain(` ${max} `);
  });
});

describe.each(DIALECTS)('playlist limits (%s)', (dialect) => {
  let t: TestApp;
  let alice: { authorization: string };
  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/playlist/${path}`, headers: alice, payload });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    alice = await account(t, 'alice');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a name and a description of exactly LIMITS, and refuses one character more with their codes', async () => {
    const name = 'n'.repeat(LIMITS.playlistName);
    const description = 'd'.repeat(LIMITS.playlistDescription);
    const made = await post('create-playlist', { name, description });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;

    const longName = await post('create-playlist', { name: `${name}n` });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toMatchObject({
      code: 'PLAYLIST_NAME_TOO_LONG',
      params: { max: LIMITS.playlistName },
    });

    const longDescription = await post('edit-playlist-metadata', { id, description: `${description}d` });
    expect(longDescription.statusCode).toBe(400);
    expect(longDescription.json()).toMatchObject({
      code: 'PLAYLIST_DESCRIPTION_TOO_LONG',
      params: { max: LIMITS.playlistDescription },
    });
    const renamed = await post('edit-playlist-metadata', { id, name: `${name}x` });
    expect(renamed.json().code).toBe('PLAYLIST_NAME_TOO_LONG');
  });
});
