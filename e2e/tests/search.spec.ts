/** Searching in Chromium: tag chips on cards, removable term chips, suggestions, the age menu. */
import { expect, test } from '@playwright/test';

test('a tag chip searches for the tag, and removing its chip clears the search', async ({ page }) => {
  await page.goto('/works');
  const total = page.getByTestId('works-total');
  await expect(total).toHaveText(/\d+ works/);
  const all = Number((await total.textContent())?.match(/\d+/)?.[0]);

  const tag = page.getByTestId('works-grid').getByTestId('tag-chip').first();
  const name = (await tag.textContent()) ?? '';
  await tag.click();
  await expect(page).toHaveURL(/keyword=%24tag%3A/);
  const chips = page.getByTestId('term-chips');
  await expect(chips.getByRole('button')).toHaveCount(1);
  // the filtered list replaces the full one (the previous page stays on screen while it loads)
  await expect(total).not.toHaveText(`${all} works`);
  await expect(total).toHaveText(/\d+ works/);
  const filtered = Number((await total.textContent())?.match(/\d+/)?.[0]);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  // every card now carries that tag
  const cards = page.getByTestId('works-grid').getByTestId('work-card');
  for (let i = 0; i < (await cards.count()); i++) {
    await expect(cards.nth(i).getByTestId('tag-chip').filter({ hasText: name }).first()).toBeVisible();
  }

  await page.getByRole('img', { name: /^Remove tag: / }).click();
  await expect(page).toHaveURL(/\/works$/);
  await expect(total).toHaveText(`${all} works`);
});

test('the search box suggests namespaces and tag names, and searches on Enter', async ({ page }) => {
  await page.goto('/works');
  const box = page.getByTestId('search-input');
  await box.fill('$ta');
  await expect(page.getByRole('option', { name: /\$tag:/ })).toBeVisible();
  await box.fill('$tag:AS');
  await expect(page.getByRole('option', { name: /ASMR/ })).toBeVisible();
  await page.getByRole('option', { name: /ASMR/ }).click();
  await expect(page).toHaveURL(/keyword=%24tag%3AASMR%24/);

  await box.fill('ASMR -rain');
  await box.press('Enter');
  await expect(page.getByTestId('term-chips')).toContainText('-rain');
});

test('the age menu searches all ages plus R15', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/works');
  await page.getByRole('button', { name: 'Age', exact: true }).click();
  await page.getByRole('menuitem', { name: 'All ages and R15' }).click();
  await expect(page).toHaveURL(/keyword=%24-age%3Aadult%24/);
  await expect(page.getByTestId('term-chips')).toContainText('-age: adult');
  await expect(page.getByTestId('works-total')).toHaveText(/\d+ works/);
});

for (const [lang, whispering, earCleaning] of [
  ['en', 'whispering', 'ear cleaning'],
  ['zh-CN', '耳语', '掏耳朵'],
  ['ja', '囁き', '耳かき'],
] as const) {
  test(`term chips name tags in the interface language (${lang}), the search keeps the stored name`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const keyword = '$tag:囁き$ $-tag:耳かき$ rain';
    await page.goto(`/works?keyword=${encodeURIComponent(keyword)}`);
    const chips = page.getByTestId('term-chips').locator('.MuiChip-root');
    await expect(chips).toHaveCount(3);
    await expect(chips.nth(0)).toHaveText(`tag: ${whispering}`);
    await expect(chips.nth(1)).toHaveText(`-tag: ${earCleaning}`);
    await expect(chips.nth(2)).toHaveText('rain');
    // Removing a localised chip removes the stored term from the keyword.
    await chips.nth(1).locator('.MuiChip-deleteIcon').click();
    await expect(page).toHaveURL(
      `/works?keyword=${encodeURIComponent('$tag:囁き$ rain').replace(/%20/g, '+')}`,
    );
    await expect(chips).toHaveCount(2);
    await expect(chips.nth(0)).toHaveText(`tag: ${whispering}`);
  });
}
