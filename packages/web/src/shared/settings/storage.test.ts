import { beforeEach, describe, expect, it } from 'vitest';
import { LEGACY_DISABLE_SUBTITLE_KEY, LEGACY_SHARED_KEY, loadSettings, SETTINGS_KEY } from './storage.ts';

describe('settings storage and migrations (docs/product.md §4)', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the defaults of docs/product.md §9, subtitles on only for zh-CN', () => {
    const en = loadSettings(localStorage, 'en');
    expect(en).toMatchObject({
      qualityBehavior: 'fluentFirst',
      initialPathBehavior: 'auto',
      sidebarExpandMode: 'overlay',
      playerStyle: 'new',
      showCensoredTag: false,
      showPopularAtHome: true,
      rewindSeekTime: 5,
      forwardSeekTime: 30,
      enableAntiScreenBurnin: true,
      antiBurnInIdleSeconds: 60,
      enableSubtitle: false,
    });
    localStorage.clear();
    expect(loadSettings(localStorage, 'zh-CN').enableSubtitle).toBe(true);
  });

  it('migrates the old shared key and inverts disableSubtitle, once', () => {
    localStorage.setItem(
      LEGACY_SHARED_KEY,
      JSON.stringify({ disableSubtitle: true, playerStyle: 'classic', bogus: 1 }),
    );
    const s = loadSettings(localStorage, 'zh-CN');
    expect(s.enableSubtitle).toBe(false);
    expect(s.playerStyle).toBe('classic');
    expect(localStorage.getItem(LEGACY_SHARED_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toMatchObject({
      enableSubtitle: false,
      playerStyle: 'classic',
    });
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).not.toHaveProperty('bogus');
  });

  it('migrates a standalone disableSubtitle flag', () => {
    localStorage.setItem(LEGACY_DISABLE_SUBTITLE_KEY, 'false');
    expect(loadSettings(localStorage, 'en').enableSubtitle).toBe(true);
    expect(localStorage.getItem(LEGACY_DISABLE_SUBTITLE_KEY)).toBeNull();
  });

  it('keeps stored values and ignores ones of the wrong type or an unknown enum value', () => {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({
        rewindSeekTime: 10,
        forwardSeekTime: 'x',
        subtitleDisplayMode: 'hologram',
        darkMode: 'enabled',
      }),
    );
    const s = loadSettings(localStorage, 'en');
    expect(s.rewindSeekTime).toBe(10);
    expect(s.forwardSeekTime).toBe(30);
    expect(s.subtitleDisplayMode).toBe('in-app');
    expect(s.darkMode).toBe('enabled');
  });

  it('survives a corrupt stored object', () => {
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings(localStorage, 'en').playerStyle).toBe('new');
  });
});
