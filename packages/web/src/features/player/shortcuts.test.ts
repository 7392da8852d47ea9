import { describe, expect, it } from 'vitest';
import { belongsToPage, focusOrigins, type KeyPress, shortcutOf, steppedVolume } from './shortcuts.ts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('player shortcuts', () => {
  it('maps each key to its action', () => {
    expect(shortcutOf(press(' '))).toEqual({ type: 'togglePlay' });
    expect(shortcutOf(press('ArrowLeft'))).toEqual({ type: 'seekBy', seconds: -5 });
    expect(shortcutOf(press('ArrowRight'))).toEqual({ type: 'seekBy', seconds: 5 });
    expect(shortcutOf(press('ArrowLeft', { shiftKey: true }))).toEqual({ type: 'seekBy', seconds: -30 });
    expect(shortcutOf(press('ArrowRight', { shiftKey: true }))).toEqual({ type: 'seekBy', seconds: 30 });
    expect(shortcutOf(press('ArrowUp'))).toEqual({ type: 'volumeBy', delta: 0.1 });
    expect(shortcutOf(press('ArrowDown'))).toEqual({ type: 'volumeBy', delta: -0.1 });
    expect(shortcutOf(press('m'))).toEqual({ type: 'toggleMute' });
    expect(shortcutOf(press('M'))).toEqual({ type: 'toggleMute' });
    expect(shortcutOf(press('n'))).toEqual({ type: 'next' });
    expect(shortcutOf(press('p'))).toEqual({ type: 'previous' });
    expect(shortcutOf(press('l'))).toEqual({ type: 'lyrics' });
    expect(shortcutOf(press('?', { shiftKey: true }))).toEqual({ type: 'help' });
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(shortcutOf(press('x'))).toBeNull();
    expect(shortcutOf(press('Enter'))).toBeNull();
    expect(shortcutOf(press('n', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('ArrowLeft', { altKey: true }))).toBeNull();
    expect(shortcutOf(press('l', { metaKey: true }))).toBeNull();
    expect(shortcutOf(press('N', { shiftKey: true }))).toBeNull();
  });

  it('keys typed into text fields and editable content belong to the page', () => {
    document.body.innerHTML = `
      <input id="text"><textarea id="area"></textarea><div contenteditable="true"><b id="rich">x</b></div>
      <button id="button">b</button><span role="slider" id="slider" tabindex="0"></span>
      <ul role="menu"><li id="item" tabindex="0">i</li></ul>
      <div data-arrow-scroll tabindex="0" id="row"><a href="/work/RJ01" id="card">c</a></div>`;
    const el = (id: string) => document.getElementById(id);
    expect(belongsToPage(el('text'), ' ', false)).toBe(true);
    expect(belongsToPage(el('area'), 'm', false)).toBe(true);
    expect(belongsToPage(el('rich'), 'n', false)).toBe(true);
    expect(belongsToPage(el('slider'), 'ArrowUp', false)).toBe(true);
    expect(belongsToPage(el('slider'), 'm', false)).toBe(false);
    expect(belongsToPage(el('item'), 'ArrowDown', false)).toBe(true);
    // A carousel's row scrolls with the arrows, from itself or a card in it; other keys stay the player's.
    expect(belongsToPage(el('row'), 'ArrowRight', false)).toBe(true);
    expect(belongsToPage(el('card'), 'ArrowLeft', false)).toBe(true);
    expect(belongsToPage(el('row'), 'n', false)).toBe(false);
    expect(belongsToPage(document.body, ' ', false)).toBe(false);
    expect(belongsToPage(null, ' ', false)).toBe(false);
  });

  it('Space presses a button reached with Tab, and plays or pauses otherwise', () => {
    document.body.innerHTML = '<button id="a">a</button><button id="b">b</button>';
    const [a, b] = [document.getElementById('a'), document.getElementById('b')];
    expect(belongsToPage(a, ' ', true)).toBe(true);
    expect(belongsToPage(a, ' ', false)).toBe(false);
    expect(belongsToPage(a, 'n', true)).toBe(false);

    const origins = focusOrigins();
    origins.pointer();
    origins.focus(a);
    expect(origins.tabbed(a)).toBe(false);
    origins.key('Tab');
    origins.focus(b);
    expect(origins.tabbed(b)).toBe(true);
    // focus moved by the page (a dialog closing) keeps the origin
    origins.focus(b);
    expect(origins.tabbed(b)).toBe(true);
    origins.focus(a);
    expect(origins.tabbed(a)).toBe(false);
    // a click on the tabbed one makes it a pointer focus
    origins.pointer();
    origins.focus(b);
    expect(origins.tabbed(b)).toBe(false);
  });

  it('steps the volume within 0 … 100 % and never into the boost', () => {
    expect(steppedVolume(0.5, 0.1)).toBe(0.6);
    expect(steppedVolume(0.95, 0.1)).toBe(1);
    expect(steppedVolume(1, 0.1)).toBe(1);
    expect(steppedVolume(1.5, 0.1)).toBe(1.5);
    expect(steppedVolume(1.5, -0.1)).toBe(1.4);
    expect(steppedVolume(0.05, -0.1)).toBe(0);
    expect(steppedVolume(0.7, -0.1)).toBe(0.6);
  });
});
