import { afterEach, describe, expect, it } from 'vitest';
import {
  addLanguage,
  connectLanguages,
  connectTexts,
  i18n,
  loadLanguage,
  loadTexts,
  setLanguage,
} from './index.ts';
import { initialLocale, mapLocale } from './locale.ts';
import { mergeMessages } from './merge.ts';
import type { Locale, Messages } from './types.ts';

describe('languages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('adds the texts of one language, merged from every part', () => {
    addLanguage('ja', [{ test: { word: '語' } }, { test: { other: '他' } }]);
    expect(i18n.t('test.word', { lng: 'ja' })).toBe('語');
    expect(i18n.t('test.other', { lng: 'ja' })).toBe('他');
  });

  it('rejects a key defined twice', () => {
    expect(() => mergeMessages({ a: { b: 'x' } }, { a: { b: 'y' } })).toThrow('a.b');
    expect(() => addLanguage('ja', [{ twice: { w: '1' } }, { twice: { w: '2' } }])).toThrow('twice.w');
    expect(i18n.exists('twice.w', { lng: 'ja' })).toBe(false);
  });

  it('fetches a language once, again after a failure, and switches only once its texts are here', async () => {
    const asked: Locale[] = [];
    let fail = true;
    connectLanguages(async (locale): Promise<Messages[]> => {
      asked.push(locale);
      if (fail) throw new Error('offline');
      return [{ test: { late: 'arrivé' } }];
    });
    await expect(setLanguage('zh-CN')).rejects.toThrow('offline');
    expect(i18n.language).toBe('en');
    fail = false;
    await Promise.all([setLanguage('zh-CN'), loadLanguage('zh-CN')]);
    expect(asked).toEqual(['zh-CN', 'zh-CN']);
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('test.late')).toBe('arrivé');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('fetches a part apart (once, again after a failure), and for a language switched to once used', async () => {
    connectLanguages(async () => []);
    const asked: Locale[] = [];
    let fail = true;
    connectTexts('test-part', async (locale): Promise<Messages[]> => {
      asked.push(locale);
      if (fail) throw new Error('offline');
      return [{ testPart: { word: `word in ${locale}` } }];
    });
    // Not asked for: a switch does not fetch it.
    await setLanguage('ja');
    expect(asked).toEqual([]);
    await expect(loadTexts('test-part')).rejects.toThrow('offline');
    fail = false;
    await Promise.all([loadTexts('test-part'), loadTexts('test-part')]);
    expect(asked).toEqual(['ja', 'ja']);
    expect(i18n.t('testPart.word')).toBe('word in ja');
    // Once used, a switch brings it in the new language before the interface changes.
    await setLanguage('zh-CN');
    expect(asked).toEqual(['ja', 'ja', 'zh-CN']);
    expect(i18n.t('testPart.word')).toBe('word in zh-CN');
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
