/**
 * The playlist screens' calls against a real HTTP server on 127.0.0.1: what each sends, and the
 * playlist read from every answer shape servers give.
 */
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { createPlaylist, editPlaylist, likePlaylist } from './playlistApi.ts';

const api = fakeApi();

const playlist = { id: 'p1', name: 'Rain', privacy: 2, works_count: 0 };

describe('playlist calls', () => {
  it.each([
    ['bare', playlist],
    ['in data', { data: playlist }],
    ['in playlist', { playlist }],
  ])('reads the created playlist from a %s answer', async (_shape, body) => {
    api.answer = () => ({ body });
    const made = await createPlaylist({
      name: 'Rain',
      privacy: 2,
      description: '',
      locale: 'en',
      works: ['RJ01'],
    });
    expect(made).toMatchObject({ id: 'p1', name: 'Rain' });
    expect(api.seen).toEqual([
      {
        method: 'POST',
        url: '/api/playlist/create-playlist',
        body: { name: 'Rain', privacy: 2, description: '', locale: 'en', works: ['RJ01'] },
      },
    ]);
  });

  it('edits only the fields given, and leaves privacy out when unchanged', async () => {
    api.answer = () => ({ body: { data: playlist } });
    await editPlaylist('p1', { name: 'Storm' });
    await editPlaylist('p1', { privacy: 0 });
    expect(api.seen.map((s) => s.body)).toEqual([
      { id: 'p1', name: 'Storm' },
      { id: 'p1', privacy: 0 },
    ]);
  });

  it('likes and unlikes through their two calls', async () => {
    api.answer = () => ({ body: { message: 'ok' } });
    await likePlaylist('p1', true);
    await likePlaylist('p1', false);
    expect(api.seen.map((s) => s.url)).toEqual([
      '/api/playlist/like-playlist',
      '/api/playlist/remove-like-playlist',
    ]);
  });
});
