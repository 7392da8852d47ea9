/**
 * Account screens in Chromium: link an email with the mailed code (read from the test SMTP
 * server) and then vote on a tag; change the password; reset it by mail from the login dialog;
 * the guest account is told why it cannot do these.
 */
import { expect, test } from '@playwright/test';
import { freshName, loginToken, register, useToken } from './helpers/accounts.ts';
import { mailedCode } from './helpers/mail.ts';

// Several pages and full loads per test on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a user links an email with the 6-digit code, then votes on a tag (${size})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const name = freshName('voter');
    const email = `${name}@mail.test`;
    await useToken(page, await register(request, name));

    // Before linking, a vote explains what is missing and offers the way to fix it.
    await page.goto('/work/RJ01234567');
    await page
      .getByRole('button', { name: /^Upvote / })
      .first()
      .click();
    const why = page.getByRole('dialog', { name: 'Voting is not available' });
    await expect(why).toContainText('needs a linked email');
    await why.getByRole('button', { name: 'Link an email' }).click();

    const dialog = page.getByRole('dialog', { name: 'Link an email' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
    const code = await mailedCode(email);
    // A wrong code says how many tries are left and changes nothing.
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('6-digit code').fill(wrong);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('Wrong code: 4 tries left.')).toBeVisible();
    await dialog.getByLabel('6-digit code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Email ${email} linked`)).toBeVisible();

    // Now the vote goes through (after the one-time rules).
    const up = page.getByRole('button', { name: /^Upvote / }).first();
    await up.click();
    await page
      .getByRole('dialog', { name: 'Tag voting rules' })
      .getByRole('button', { name: 'I accept' })
      .click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: /^Upvote / }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/settings');
    await expect(page.getByTestId('account-section')).toContainText(`Linked email: ${email}`);
  });
}

test('change the password: a wrong current one is refused, the new one works', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const name = freshName('changer');
  const first = await register(request, name, 'first-pass');
  await useToken(page, first);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-it');
  await dialog.getByLabel('New password').fill('abc');
  await dialog.getByLabel('Repeat password').fill('abc');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The password needs at least 5 characters')).toBeVisible();
  await dialog.getByLabel('New password').fill('second-pass');
  await dialog.getByLabel('Repeat password').fill('second-pass');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The current password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Current password').fill('first-pass');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password changed.')).toBeVisible();
  // The page keeps a fresh token that the server accepts; the old token and password no longer work.
  await expect(page.getByTestId('account-section')).toBeVisible();
  const fresh = await page.evaluate(() => localStorage.getItem('jwt-token'));
  expect(fresh).not.toBe(first);
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${fresh}` } });
  expect((await me.json()).user).toMatchObject({ loggedIn: true, name });
  expect(
    (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${first}` } })).status(),
  ).toBe(401);
  const old = await request.post('/api/auth/me', { data: { name, password: 'first-pass' } });
  expect(old.status()).toBe(401);
  await loginToken(request, name, 'second-pass');
});

test('reset a forgotten password by mail from the login dialog (phone)', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const name = freshName('forgot');
  const email = `${name}@mail.test`;
  const token = await register(request, name, 'lost-pass');
  const headers = { Authorization: `Bearer ${token}` };
  const link = await request.post('/api/auth/email/request-link', { headers, data: { email } });
  const { verifyId } = (await link.json()) as { verifyId: string };
  const linked = await request.post('/api/auth/email/verify', {
    headers,
    data: { verifyId, code: await mailedCode(email) },
  });
  expect(linked.status()).toBe(200);

  await page.goto('/favourites');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  // The server answers every reset request alike (it never says whether a name exists).
  await reset.getByLabel('Username or email').fill(name);
  await reset.getByRole('button', { name: 'Send code' }).click();
  await expect(reset.getByText('A 6-digit code was sent')).toBeVisible();
  await reset.getByLabel('6-digit code').fill(await mailedCode(email, 2));
  await reset.getByLabel('New password').fill('found-pass');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset).toBeHidden();
  await expect(page.getByText(`Password reset. Welcome back, ${name}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reviewed' })).toBeVisible();
  await loginToken(request, name, 'found-pass');
});

test('the guest account sees why it cannot change the password, link an email or vote', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await useToken(page, await loginToken(request, 'guest', 'guest'));
  await page.goto('/settings');
  await expect(
    page.getByText('it cannot change the password, link an email, create playlists or vote'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await page.goto('/work/RJ01234567');
  await page
    .getByRole('button', { name: /^Upvote / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Voting is not available' })).toContainText(
    'The shared guest account cannot vote',
  );
});
