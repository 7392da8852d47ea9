import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { playlistDisplayName } from './playlistName.ts';

describe('playlist names', () => {
  it('shows system playlists as Liked and Marked', () => {
    const t = i18n.getFixedT('en');
    expect(playlistDisplayName('__SYS_PLAYLIST_LIKED', t)).toBe('Liked');
    expect(playlistDisplayName('__SYS_PLAYLIST_MARKED', t)).toBe('Marked');
    expect(playlistDisplayName('My list', t)).toBe('My list');
  });
});
