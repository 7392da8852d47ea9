/// <reference lib="dom" />
/**
 * Listener-facing polish in Chromium at desktop and phone width: tag names in the interface
 * language, plural forms of counted nouns, language names of other editions, "—" for a work
 * without store data, and no control or label cut off, in en, zh-CN and ja.
 */
import { expect as baseExpect, type Page, test } from '@playwright/test';

// First loads are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

import { clippedLabels } from './helpers/clipped.ts';

// Three languages and several pages per test on a shared machine.
test.describe.configure({ timeout: 240_000 });

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };
const LANGS = ['en', 'zh-CN', 'ja'] as const;

type ApiWork = {
  id: number;
  source_id: string;
  source_url: string;
  price: number;
  rate_count: number;
  other_language_editions_in_db: { lang: string; source_id: string }[];
};

async function allWorks(page: Page): Promise<ApiWork[]> {
  const r = await page.request.get('/api/works?order=id&sort=asc&page=1&pageSize=100');
  return ((await r.json()) as { works: ApiWork[] }).works;
}

async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('/tags and the tag chips of a work name tags in the interface language', async ({ page }) => {
      const names = { en: 'ear cleaning', 'zh-CN': '掏耳朵', ja: '耳かき' };
      for (const lang of LANGS) {
        await useLanguage(page, lang);
        await page.goto('/tags');
        const list = page.getByTestId('entity-list');
        await expect(list.getByRole('link', { name: names[lang] })).toBeVisible();
        if (lang !== 'ja') await expect(list.getByText('耳かき', { exact: true })).toHaveCount(0);
        await page.goto('/work/RJ01234567');
        await expect(page.getByTestId('tag-votes').getByTestId('tag-chip').first()).toBeVisible();
        const chips = await page.getByTestId('tag-votes').getByTestId('tag-chip').allInnerTexts();
        expect(chips).toContain(names[lang]);
      }
      // the filter finds a tag by its shown name, and the link searches the stored name
      await useLanguage(page, 'en');
      await page.goto('/tags');
      await page.getByLabel('Filter').fill('ear clean');
      const list = page.getByTestId('entity-list');
      await expect(list.getByRole('link')).toHaveCount(1);
      await list.getByRole('link').click();
      await expect(page).toHaveURL(/keyword=%24tag%3A%E8%80%B3%E3%81%8B%E3%81%8D%24/);
      // the vote buttons are named after the shown name too
      await page.goto('/work/RJ01234567');
      await expect(page.getByRole('button', { name: 'Upvote ear cleaning' })).toBeVisible();
    });

    test('counted nouns take their plural forms', async ({ page }) => {
      await useLanguage(page, 'en');
      await page.goto('/tags');
      const counts = page.getByTestId('entity-list').getByRole('link');
      await expect(counts.first()).toBeVisible();
      const texts = await counts.allInnerTexts();
      const numbers = texts.map((t) => t.split('\n').at(-1) ?? '');
      for (const n of numbers) expect(n).toMatch(/^(1 work|([02-9]|\d{2,}) works)$/);
      const works = await allWorks(page);
      const one = works[0]!;
      await page.goto(`/works?keyword=${one.source_id}`);
      await expect(page.getByTestId('works-total')).toHaveText('1 work');
      await useLanguage(page, 'ja');
      await page.goto(`/works?keyword=${one.source_id}`);
      await expect(page.getByTestId('works-total')).toHaveText('1 作品');
      await useLanguage(page, 'zh-CN');
      await page.goto('/works?keyword=zzzz-no-such-work-zzzz');
      await expect(page.getByTestId('works-total')).toHaveText('共 0 部作品');
    });

    test('other editions are named by their language, never by a code', async ({ page }) => {
      const works = await allWorks(page);
      const withEditions = works.find((w) => w.other_language_editions_in_db.length > 0);
      expect(withEditions, 'the demo library has translated works').toBeTruthy();
      const expected = {
        en: new Intl.DisplayNames(['en'], { type: 'language' }),
        'zh-CN': new Intl.DisplayNames(['zh-CN'], { type: 'language' }),
        ja: new Intl.DisplayNames(['ja'], { type: 'language' }),
      };
      const bcp = { JPN: 'ja', ENG: 'en', CHI_HANS: 'zh-Hans', CHI_HANT: 'zh-Hant', KO_KR: 'ko' } as Record<
        string,
        string
      >;
      for (const lang of LANGS) {
        await useLanguage(page, lang);
        await page.goto(`/work/${withEditions!.source_id}`);
        const chips = page.getByTestId('edition-chip');
        await expect(chips.first()).toBeVisible();
        const labels = await chips.allInnerTexts();
        expect(labels).toEqual(
          withEditions!.other_language_editions_in_db.map((e) => expected[lang].of(bcp[e.lang] ?? e.lang)),
        );
        for (const l of labels) expect(l).not.toMatch(/[A-Z]{2,}_|RJ\d/);
      }
    });

    test('a work without store data shows — for price, sales and rating', async ({ page }) => {
      const works = await allWorks(page);
      const bare = works.find((w) => w.source_url === '' && w.price === 0 && w.rate_count === 0);
      expect(bare, 'the demo library has works without a sidecar').toBeTruthy();
      await useLanguage(page, 'en');
      await page.goto(`/works?keyword=${bare!.source_id}`);
      const card = page.getByTestId('works-grid').getByTestId('work-card');
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('img', { name: 'Price unknown' })).toHaveText('—');
      await expect(card.getByRole('img', { name: 'No ratings yet' })).toHaveText('—');
      await expect(card).not.toContainText('¥0');
      await expect(card).not.toContainText('0.00');
      await expect(card).not.toContainText('0 sold');
      await page.goto(`/work/${bare!.source_id}`);
      await expect(page.getByTestId('work-heading')).toBeVisible();
      await expect(page.getByTestId('price')).toHaveText('—');
      await expect(page.getByRole('img', { name: 'Sales unknown' })).toHaveText('— sold');
      // a work with store data keeps its figures
      const priced = works.find((w) => w.price > 0)!;
      await page.goto(`/work/${priced.source_id}`);
      await expect(page.getByTestId('price')).toHaveText(/¥/);
    });

    test('no button, chip or label is cut off', async ({ page }) => {
      const found: string[] = [];
      for (const lang of LANGS) {
        await useLanguage(page, lang);
        for (const path of ['/works', '/works?mode=list', '/work/RJ01234569', '/tags', '/settings']) {
          await page.goto(path);
          await expect(
            page.locator('[data-testid="work-card"], [data-testid="entity-list"] a, h1').first(),
          ).toBeVisible();
          await page.waitForLoadState('networkidle');
          for (const label of await clippedLabels(page)) found.push(`${lang} ${path}: ${label}`);
        }
      }
      expect(found).toEqual([]);
    });
  });
}
