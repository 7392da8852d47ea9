import { describe, expect, it } from 'vitest';
import { leafKeys, mergeMessages } from '../shared/i18n/merge.ts';
import { LOCALES, type Messages } from '../shared/i18n/types.ts';
import { catalogues, consoleCatalogues } from './bundles.ts';

describe('catalogues', async () => {
  // Through the loaders the shell uses, so a language whose chunk leaves a part out fails here.
  const merged = Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (l) => [
        l,
        [...(await catalogues[l]()), ...(await consoleCatalogues[l]())].reduce<Messages>(
          (acc, part) => mergeMessages(acc, structuredClone(part)),
          {},
        ),
      ]),
    ),
  ) as Record<(typeof LOCALES)[number], Messages>;

  // Plural forms differ by language (English has `_one`, Chinese and Japanese only `_other`).
  const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
  it.each(LOCALES)('%s has every key of every other locale', (locale) => {
    const mine = new Set(leafKeys(merged[locale]).map(base));
    const all = new Set(LOCALES.flatMap((l) => leafKeys(merged[l]).map(base)));
    expect([...all].filter((k) => !mine.has(k))).toEqual([]);
  });

  it.each(LOCALES)('%s: the first load has no console text, the console part nothing else', async (l) => {
    const first = await catalogues[l]();
    const console = await consoleCatalogues[l]();
    expect(console.length).toBeGreaterThan(0);
    expect(console.every((part) => Object.keys(part).join() === 'admin')).toBe(true);
    expect(first.some((part) => 'admin' in part)).toBe(false);
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
});
