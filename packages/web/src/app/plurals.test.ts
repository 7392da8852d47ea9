import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/index.ts';
import { leafKeys, mergeMessages } from '../shared/i18n/merge.ts';
import type { Messages } from '../shared/i18n/types.ts';
import { texts } from './catalogues/en.ts';

describe('counted nouns', () => {
  const english = texts.reduce<Messages>((acc, part) => mergeMessages(acc, structuredClone(part)), {});
  const textOf = (key: string) =>
    key.split('.').reduce<unknown>((m, p) => (m as Messages)[p], english) as string;

  it('every English text with a {{count}} has its plural forms', () => {
    // The error catalogue's {{count}} is a parameter of the server's answer, not a counted noun.
    const counted = leafKeys(english).filter(
      (k) => !k.startsWith('errorCodes.') && textOf(k).includes('{{count'),
    );
    expect(counted.length).toBeGreaterThan(10);
    expect(counted.filter((k) => !/_(one|other)$/.test(k))).toEqual([]);
    const bases = new Set(counted.map((k) => k.replace(/_(one|other)$/, '')));
    expect(
      [...bases].filter((b) => !counted.includes(`${b}_one`) || !counted.includes(`${b}_other`)),
    ).toEqual([]);
  });

  it.each([
    ['en', 1, '1 work'],
    ['en', 3, '3 works'],
    ['en', 1234, '1,234 works'],
    ['zh-CN', 1, '1 部作品'],
    ['ja', 1, '1 作品'],
  ])('%s: %i works in a list reads "%s"', (lng, count, text) => {
    expect(i18n.t('works.entities.count', { lng, count })).toBe(text);
  });

  it('reviews, sales, files and stars follow the number in every language', () => {
    const t = (key: string, count: number, lng: string) => i18n.t(key, { lng, count });
    expect(t('works.card.reviews', 1, 'en')).toBe('1 review');
    expect(t('works.card.reviews', 2, 'en')).toBe('2 reviews');
    expect(t('works.card.sales', 12345, 'en')).toBe('12,345 sold');
    expect(t('works.card.sales', 12345, 'ja')).toBe('販売数 12,345');
    expect(t('work.tree.files', 1, 'en')).toBe('1 file');
    expect(t('work.tree.files', 3, 'zh-CN')).toBe('3 个文件');
    expect(t('works.myReview.rating', 1, 'en')).toBe('1 star');
    expect(t('works.myReview.rating', 4, 'ja')).toBe('星 4');
    expect(t('works.total', 1, 'en')).toBe('1 work');
  });
});
