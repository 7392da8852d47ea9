import { describe, expect, it } from 'vitest';
import { i18n, registerBundles } from './index.ts';
import { initialLocale, mapLocale } from './locale.ts';
import { mergeMessages } from './merge.ts';

describe('bundles', () => {
  const bundle = (en: string) => ({
    en: { test: { word: en } },
    'zh-CN': { test: { word: '词' } },
    ja: { test: { word: '語' } },
  });

  it('adds the texts of a registered bundle; registering it again changes nothing', () => {
    const b = bundle('word');
    registerBundles([b]);
    registerBundles([b]);
    expect(i18n.t('test.word', { lng: 'en' })).toBe('word');
    expect(i18n.t('test.word', { lng: 'ja' })).toBe('語');
  });

  it('rejects a key defined twice', () => {
    expect(() => mergeMessages({ a: { b: 'x' } }, { a: { b: 'y' } })).toThrow('a.b');
    expect(() => registerBundles([bundle('again')])).toThrow('test.word');
  });
});

describe('locale rules (docs/product.md §9)', () => {
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
