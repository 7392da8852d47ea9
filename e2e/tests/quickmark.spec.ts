/**
 * Quick mark on a work card (docs/product.md §2.5, §4): the toggle reaches the server's Marked playlist and
 * the card shows the server's state after a reload, not only the optimistic one.
 */
import { expect, test } from '@playwright/test';

test('a quick mark survives a reload and lands in the Marked playlist', async ({ page, request }) => {
  const name = `mark${Date.now() % 1_000_000}`;
  const reg = await request.post('/api/auth/reg', {
    data: { name, password: 'secret123', recommenderUuid: crypto.randomUUID() },
  });
  expect(reg.status()).toBe(200);
  const { token } = (await reg.json()) as { token: string };

  await page.goto('/works?keyword=RJ01400112');
  await page.getByTestId('menu-button').click();
  await page.getByText('Register or log in', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(name);
  await dialog.getByLabel('Password').fill('secret123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Quick-mark playlist reset to "Marked"')).toBeVisible();

  await page.getByRole('button', { name: 'Quick mark', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Remove quick mark' }).first()).toBeVisible();

  const auth = { Authorization: `Bearer ${token}` };
  const target = await (
    await request.get('/api/playlist/get-default-mark-target-playlist', { headers: auth })
  ).json();
  const id = (target.data ?? target.playlist ?? target).id as string;
  await expect
    .poll(async () => {
      const r = await request.get(`/api/playlist/get-playlist-works?id=${id}`, { headers: auth });
      return ((await r.json()).works as { id: number }[]).map((w) => w.id);
    })
    .toEqual([1400112]);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove quick mark' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
