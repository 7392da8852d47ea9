/**
 * Reviews in Chromium: a listener writes 4 stars and a text and reads them back on the work
 * page and in the Reviewed tab; another listener (on a phone) and a visitor read it on the work page.
 */
import { expect, test } from '@playwright/test';
import { freshName, register, useToken } from './helpers/accounts.ts';

// Several pages and full loads per test on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('write a review, read it on the work page and the Reviewed tab; others read it too', async ({
  browser,
  request,
}) => {
  const name = freshName('critic');
  const text = `Gentle rain and a calm voice (${name})`;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await useToken(page, await register(request, name));
  await page.goto('/work/RJ01000001');
  await page.getByTestId('work-write-review').click();
  const dialog = page.getByRole('dialog', { name: 'My review' });
  await dialog.locator('label').filter({ hasText: '4 of 5 stars' }).click();
  await dialog.getByRole('textbox', { name: 'Review' }).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const mine = page.getByTestId('my-review');
  await expect(mine).toContainText(text);
  await expect(mine.getByRole('img', { name: '4 stars' })).toBeVisible();
  const listed = page.getByTestId('work-review').filter({ hasText: name });
  await expect(listed).toContainText(text);
  await expect(listed).toContainText('Mine');

  await page.goto('/favourites/review');
  // This listener reviewed one work: its card carries the review.
  const onCard = page.getByTestId('work-card').getByTestId('my-review');
  await expect(onCard).toContainText(text, { timeout: 30_000 });
  await expect(onCard.getByRole('img', { name: '4 stars' })).toBeVisible();
  await page.close();

  const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await useToken(other, await register(request, freshName('reader')));
  await other.goto('/work/RJ01000001');
  const seen = other.getByTestId('work-review').filter({ hasText: name });
  await expect(seen).toContainText(text);
  await expect(seen).not.toContainText('Mine');
  await expect(other.getByTestId('my-review')).toHaveCount(0);
  await other.close();

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto('/work/RJ01000001');
  await expect(visitor.getByTestId('work-review').filter({ hasText: name })).toContainText(text);
  await visitor.close();
});
