import { describe, expect, it } from 'vitest';
import { bundles } from '../../app/bundles.ts';
import { initialLocale, mapLocale } from './locale.ts';
import { leafKeys, mergeMessages } from './merge.ts';
import { LOCALES, type Messages } from './types.ts';

describe('catalogues', () => {
  const merged = Object.fromEntries(
    LOCALES.map((l) => [l, bundles.reduce<Messages>((acc, b) => mergeMessages(acc, b[l]), {})]),
  ) as Record<(typeof LOCALES)[number], Messages>;

  it.each(LOCALES)('%s has every key of every other locale', (locale) => {
    const mine = new Set(leafKeys(merged[locale]));
    const all = new Set(LOCALES.flatMap((l) => leafKeys(merged[l])));
    expect([...all].filter((k) => !mine.has(k))).toEqual([]);
  });

  it('has no empty texts', () => {
    for (const l of LOCALES) {
      const empty = leafKeys(merged[l]).filter((k) => {
        const v = k.split('.').reduce<unknown>((m, p) => (m as Messages)[p], merged[l]);
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('rejects a key defined twice', () => {
    expect(() => mergeMessages({ a: { b: 'x' } }, { a: { b: 'y' } })).toThrow('a.b');
  });
});

describe('locale rules (spec §9)', () => {
  it('maps zh variants to zh-CN, ja-jp to ja and the rest to en', () => {
    expect(mapLocale('zh')).toBe('zh-CN');
    expect(mapLocale('zh-TW')).toBe('zh-CN');
    expect(mapLocale('zh-Hant-HK')).toBe('zh-CN');
    expect(mapLocale('ja-JP')).toBe('ja');
    expect(mapLocale('ja')).toBe('ja');
    expect(mapLocale('fr-FR')).toBe('en');
    expect(mapLocale('')).toBe('en');
  });

  it('prefers the stored language, then the browser', () => {
    expect(initialLocale('ja', ['zh-CN'])).toBe('ja');
    expect(initialLocale(null, ['zh-HK', 'en'])).toBe('zh-CN');
    expect(initialLocale('klingon', ['de'])).toBe('en');
    expect(initialLocale(null, [])).toBe('en');
  });
});
