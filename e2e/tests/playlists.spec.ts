/**
 * Playlists in Chromium: a listener creates a public playlist from the import box and another
 * listener (on a phone) likes it; the owner renames and deletes; quick-mark and the playlist
 * menu always show the server's state; the guest account is told why it cannot create one.
 */
import { expect, type Page, test } from '@playwright/test';
import { bearer, freshName, loginToken, register, useToken } from './helpers/accounts.ts';

// Several pages and full loads per test on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function playlistIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/playlist\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

test('create a public playlist from the import box; another listener likes it on a phone', async ({
  browser,
  request,
}) => {
  const owner = freshName('owner');
  const ownerToken = await register(request, owner);
  const desk = await browser.newPage({ viewport: DESKTOP });
  await useToken(desk, ownerToken);
  await desk.goto('/playlists');
  await desk.getByRole('button', { name: 'New playlist' }).click();
  const dialog = desk.getByRole('dialog', { name: 'New playlist' });
  // Name is required; the Advanced section starts collapsed; a new playlist is private.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('* Required')).toBeVisible();
  await expect(dialog.getByLabel('Import works')).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: /Private/ })).toBeChecked();
  await expect(
    dialog.getByText('Anyone with the link can open it; it is not listed anywhere.'),
  ).toBeVisible();

  await dialog.getByLabel('Name').fill('Rainy nights');
  await dialog.getByRole('radio', { name: /Public/ }).check();
  await dialog.getByRole('button', { name: 'Advanced' }).click();
  await dialog.getByLabel('Description').fill('for the rain');
  await dialog
    .getByLabel('Import works')
    .fill('Try RJ01234567, then rj1100001 (great!) — not RJ12345 nor XRJ01234568.');
  await expect(dialog.getByText('2 work codes found')).toBeVisible();
  const marks = dialog.getByTestId('import-preview').locator('mark');
  await expect(marks).toHaveText(['RJ01234567', 'rj1100001']);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const id = await playlistIdOf(desk);
  await expect(desk.getByRole('heading', { name: 'Rainy nights' })).toBeVisible();
  await expect(desk.getByText('for the rain')).toBeVisible();
  await expect(desk.getByTestId('work-card')).toHaveCount(2);
  // The owner cannot like their own playlist: no like button, but edit and delete.
  await expect(desk.getByRole('button', { name: 'Like' })).toHaveCount(0);
  await expect(desk.getByRole('button', { name: 'Edit' })).toBeVisible();

  // The list shows it with its mosaic of covers.
  await desk.goto('/playlists');
  const card = desk.getByTestId('playlist-card').filter({ hasText: 'Rainy nights' });
  await expect(card).toContainText('2 works');
  await expect(card).toContainText('Public');
  await expect(card.getByTestId('playlist-cover').locator('img')).toHaveCount(1);

  const fan = freshName('fan');
  const fanToken = await register(request, fan);
  const phone = await browser.newPage({ viewport: PHONE });
  await useToken(phone, fanToken);
  await phone.goto(`/playlist?id=${id}`);
  await expect(phone.getByRole('heading', { name: 'Rainy nights' })).toBeVisible();
  await expect(phone.getByText(`by ${owner}`)).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await phone.getByRole('button', { name: 'Like' }).click();
  await expect(phone.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await phone.goto('/playlists');
  await phone.getByRole('button', { name: 'Liked by me' }).click();
  await expect(phone.getByTestId('playlist-card').filter({ hasText: 'Rainy nights' })).toContainText(
    `by ${owner}`,
  );

  // The like reached the server; unliking removes it.
  const meta = await request.get(`/api/playlist/get-playlist-metadata?id=${id}`, {
    headers: bearer(fanToken),
  });
  expect((await meta.json()).liked ?? (await meta.json()).data?.liked).toBe(true);
  await phone.goto(`/playlist?id=${id}`);
  await phone.getByRole('button', { name: 'Liked' }).click();
  await expect(phone.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  await desk.close();
  await phone.close();
});

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the owner renames, makes private and deletes a playlist after a confirmation (${size})`, async ({
    page,
    request,
  }) => {
    const token = await register(request, freshName('owner'));
    const made = await request.post('/api/playlist/create-playlist', {
      headers: bearer(token),
      data: { name: 'Old name', privacy: 2, works: ['RJ01234568'] },
    });
    const { id } = (await made.json()) as { id: string };
    await page.setViewportSize(viewport);
    await useToken(page, token);
    await page.goto(`/playlist?id=${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit playlist' });
    await expect(dialog.getByRole('radio', { name: /Public/ })).toBeChecked();
    await dialog.getByLabel('Name').fill('New name');
    await dialog.getByRole('radio', { name: /Private/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'New name' })).toBeVisible();
    await expect(page.getByText('Private', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete playlist?' });
    await expect(confirm).toContainText('“New name” and its list of 1 work will be deleted');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'New name' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
    const gone = await request.get(`/api/playlist/get-playlist-metadata?id=${id}`, {
      headers: bearer(token),
    });
    expect(gone.status()).toBe(404);
  });
}

test('Marked shows its works as marked; the menu shows true checks and counts after a toggle', async ({
  page,
  request,
}) => {
  const name = freshName('marker');
  const token = await register(request, name);
  await page.setViewportSize(DESKTOP);
  await page.goto('/works?keyword=RJ01234567');
  // Log in through the dialog, which sets the quick-mark target to Marked.
  await page.getByTestId('menu-button').click();
  await page.getByText('Register or log in', { exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Username').fill(name);
  await login.getByLabel('Password').fill('secret123');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();

  await page.getByRole('button', { name: 'Quick mark', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Remove quick mark' }).first()).toBeVisible();
  // The playlist menu, opened after the quick mark, shows Marked checked with 1 work.
  await page.getByRole('button', { name: 'Add to playlist' }).first().click();
  const marked = page.getByRole('menuitemcheckbox', { name: /Marked/ });
  await expect(marked).toHaveAttribute('aria-checked', 'true');
  await expect(marked).toContainText('1 work');
  // Unchecking in the menu updates the card and, reopened, the count.
  await marked.click();
  await expect(marked).toHaveAttribute('aria-checked', 'false');
  await expect(marked).toContainText('0 works');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Quick mark', exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Quick mark', exact: true }).first().click();
  await page.getByRole('button', { name: 'Add to playlist' }).first().click();
  await expect(page.getByRole('menuitemcheckbox', { name: /Marked/ })).toContainText('1 work');
  await page.keyboard.press('Escape');

  // On Marked's own page the work shows as marked.
  const target = await (
    await request.get('/api/playlist/get-default-mark-target-playlist', { headers: bearer(token) })
  ).json();
  const markedId = (target.data ?? target.playlist ?? target).id as string;
  await page.goto(`/playlist?id=${markedId}`);
  await expect(page.getByRole('heading', { name: 'Marked' })).toBeVisible();
  await expect(page.getByTestId('work-card')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Remove quick mark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A system playlist is edited but never deleted.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('the guest account is told why it cannot create playlists (phone)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await useToken(page, await loginToken(request, 'guest', 'guest'));
  await page.goto('/playlists');
  await expect(page.getByText('The shared guest account has its own Liked and Marked lists')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New playlist' })).toHaveCount(0);
});
