/**
 * The console's accounts, site settings, audit log, health and moderation screens in Chromium:
 * what an administrator does on them, checked against the server's answers. Each screen per role
 * is console-roles.spec.ts.
 */
import fs from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, bearer, freshName, loginToken, register, useToken } from './helpers/accounts.ts';

test.describe.configure({ timeout: 180_000 });
// Fresh pages load the console's chunks cold: on a busy shared machine more than ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

const SECTIONS = [
  ['accounts', 'Accounts'],
  ['settings', 'Site settings'],
  ['audit', 'Audit log'],
  ['health', 'Health'],
  ['moderation', 'Moderation'],
] as const;

async function asAdmin(page: Page, request: Parameters<typeof loginToken>[0]): Promise<string> {
  const token = await loginToken(request, ADMIN.name, ADMIN.password);
  await useToken(page, token);
  return token;
}

test('an administrator reaches each section from the console nav, on desktop and phone', async ({
  browser,
  request,
}) => {
  const token = await loginToken(request, ADMIN.name, ADMIN.password);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await browser.newPage({ viewport });
    await useToken(page, token);
    await page.goto('/admin/feedback');
    for (const [path, title] of SECTIONS) {
      await page.getByTestId('console-nav').getByText(title, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await page.close();
  }
});

test('accounts: search, a one-time password, disable and enable, delete with what goes with it', async ({
  page,
  request,
}) => {
  const name = freshName('member');
  const userToken = await register(request, name);
  await request.put('/api/review', { headers: bearer(userToken), data: { work_id: 1234567, rating: 4 } });
  await asAdmin(page, request);
  await page.goto('/admin/accounts');
  await page.getByLabel('Search by name or email').fill(name);
  const row = page.getByTestId('account-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('account-row')).toHaveCount(1);

  await row.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  const shown = page.getByTestId('one-time-password');
  await expect(shown).toHaveText(/^[a-z2-9]{14}$/);
  const password = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: 'Close' }).click();
  expect((await request.post('/api/auth/me', { data: { name, password } })).status()).toBe(200);

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  const refused = await request.post('/api/auth/me', { data: { name, password } });
  expect((await refused.json()).code).toBe('ACCOUNT_DISABLED');
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row).not.toContainText('Disabled');

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('delete-impact')).toContainText('1 review');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByTestId('account-row')).toHaveCount(0);
  expect((await request.post('/api/auth/me', { data: { name, password } })).status()).toBe(401);
});

test('accounts: an administrator sees an account’s devices and signs it out everywhere', async ({
  page,
  request,
}) => {
  const name = freshName('roamer');
  const userToken = await register(request, name);
  expect((await request.get('/api/auth/me', { headers: bearer(userToken) })).status()).toBe(200);
  await asAdmin(page, request);
  await page.goto('/admin/accounts');
  await page.getByLabel('Search by name or email').fill(name);
  const row = page.getByTestId('account-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Devices' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('account-session')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(dialog.getByText('Signed in nowhere.')).toBeVisible();
  expect((await request.get('/api/auth/me', { headers: bearer(userToken) })).status()).toBe(401);
});

test('accounts: the guest switch, and the guest cannot be made an administrator', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await page.goto('/admin/accounts');
  const box = page.getByTestId('guest-switch');
  // The switch follows the server: it turns once the account is saved.
  await box.getByRole('switch').click();
  await expect(box).toContainText('Guest sign-in is switched off');
  const off = await request.post('/api/auth/me', { data: { name: 'guest', password: 'guest' } });
  expect((await off.json()).code).toBe('ACCOUNT_DISABLED');
  await box.getByRole('switch').click();
  await expect(box).toContainText('Guests can sign in');
  expect((await request.post('/api/auth/me', { data: { name: 'guest', password: 'guest' } })).status()).toBe(
    200,
  );
  await page.getByLabel('Search by name or email').fill('guest');
  const guestRow = page.getByTestId('account-row').filter({ hasText: /^guest/ });
  await expect(guestRow.getByRole('combobox', { name: 'Group' })).toHaveAttribute('aria-disabled', 'true');
});

test('settings: a change applies at once, the environment’s are read-only, and it is in the audit log', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await page.goto('/admin/settings');
  // The e2e server gets its SMTP server from SASAYAKI_SMTP_URL.
  await expect(page.getByTestId('setting-smtpUrl').getByTestId('env-chip')).toHaveText(
    'Set by SASAYAKI_SMTP_URL',
  );
  await expect(page.getByTestId('setting-smtpUrl').getByLabel('SMTP server')).toBeDisabled();

  const registration = page.getByTestId('setting-registrationEnabled').getByRole('switch');
  await registration.uncheck();
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(await (await request.get('/api/auth/reg')).json()).toEqual({ reg: false });
  await page
    .getByTestId('setting-registrationEnabled')
    .getByRole('button', { name: 'Use the default' })
    .click();
  await expect(registration).toBeChecked();
  expect(await (await request.get('/api/auth/reg')).json()).toEqual({ reg: true });

  await page.getByLabel('Send a test mail to').fill('ops@example.test');
  await page.getByRole('button', { name: 'Send test mail' }).click();
  await expect(page.getByText('Test mail sent.')).toBeVisible();

  await page.getByTestId('console-nav').getByText('Audit log', { exact: true }).click();
  const first = page.getByTestId('audit-entry').first();
  await expect(first).toContainText('e2eadmin');
  await expect(first).toContainText('sent a test mail');
  await page.getByLabel('Action').click();
  await page.getByRole('option', { name: 'changed settings' }).click();
  await expect(page.getByTestId('audit-entry').first()).toContainText('registrationEnabled');
});

test('health shows the database and the library, and purges a cache', async ({ page, request }) => {
  await asAdmin(page, request);
  // A cover thumbnail lands in the covers cache.
  await request.get('/api/cover/1234567.jpg?type=sam');
  await page.goto('/admin/health');
  await expect(page.getByText('SQLite')).toBeVisible();
  await expect(page.getByText(/\d+ applied, last \d{3}_/)).toBeVisible();
  const covers = page.getByTestId('cache-covers');
  await expect(covers).toContainText(/[1-9]\d* files?/);
  await covers.getByRole('button', { name: 'Purge' }).click();
  await expect(covers).toContainText('0 files');
});

test('health: an administrator backs up now, downloads the backup and deletes it', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await page.goto('/admin/health');
  const card = page.getByTestId('backups');
  await expect(card.getByTestId('backup-schedule')).toContainText('A backup every 24 hours');
  const rows = card.getByTestId('backup-row');
  const before = await rows.count();
  await card.getByTestId('back-up-now').click();
  await expect(rows).toHaveCount(before + 1);
  const first = rows.first();
  await expect(first).toContainText('Taken by hand');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('link', { name: 'Download' }).click(),
  ]);
  const saved = await download.path();
  const head = fs.readFileSync(saved).subarray(0, 18).toString('latin1');
  expect(head).toBe('SASAYAKI-BACKUP 1\n');
  await first.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(before);
});

test('moderation: a hidden review disappears for others and stays for its author', async ({
  browser,
  request,
}) => {
  const author = freshName('loud');
  const authorToken = await register(request, author);
  const text = `Not about the work at all ${freshName('x')}`;
  const put = await request.put('/api/review', {
    headers: bearer(authorToken),
    data: { work_id: 1234567, rating: 1, review_text: text },
  });
  expect(put.status()).toBe(200);
  const admin = await browser.newPage();
  await asAdmin(admin, request);
  await admin.goto('/admin/moderation');
  await admin.getByLabel('Search text, name or work').fill(text);
  const item = admin.getByTestId('moderated-review').filter({ hasText: text });
  await item.getByRole('button', { name: 'Hide' }).click();
  await expect(item).toContainText('Hidden');
  const reviews = async (token?: string) =>
    (
      await (
        await request.get('/api/review/of-work?work_id=1234567', { headers: token ? bearer(token) : {} })
      ).json()
    ).reviews as { review_text: string | null }[];
  expect((await reviews()).some((r) => r.review_text === text)).toBe(false);
  expect((await reviews(authorToken)).some((r) => r.review_text === text)).toBe(true);
  admin.on('dialog', (d) => d.accept());
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByTestId('moderated-review').filter({ hasText: text })).toHaveCount(0);

  // A tag off a work: the chip goes, and so does the tag from the work's answer.
  await admin.getByLabel('Work id or code').fill('RJ01234567');
  await admin.getByRole('button', { name: 'Open' }).click();
  const chips = admin.getByTestId('work-tags').locator('.MuiChip-root');
  await expect(chips.first()).toBeVisible();
  const before = await chips.count();
  const name = (await chips.first().textContent()) ?? '';
  await chips.first().locator('.MuiChip-deleteIcon').click();
  await expect(chips).toHaveCount(before - 1);
  const work = await (await request.get('/api/work/1234567')).json();
  expect((work.tags as { name: string }[]).map((t) => t.name)).not.toContain(name);
  await admin.close();
});

// With SCREENSHOTS_DIR set, these sections on the shared server's busier data are saved in every
// language on phone and desktop (light), and on the desktop in dark.
const SHOTS = process.env.SCREENSHOTS_DIR;

test('the operations sections in every language, phone and desktop', async ({ browser, request }) => {
  test.skip(!SHOTS, 'only with SCREENSHOTS_DIR');
  const token = await loginToken(request, ADMIN.name, ADMIN.password);
  for (const lang of ['en', 'ja', 'zh-CN']) {
    for (const [size, viewport, scheme] of [
      ['desktop', { width: 1280, height: 800 }, 'light'],
      ['phone', { width: 390, height: 844 }, 'light'],
      ['desktop', { width: 1280, height: 800 }, 'dark'],
    ] as const) {
      const page = await browser.newPage({ viewport, colorScheme: scheme });
      await useToken(page, token);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      for (const [path] of SECTIONS) {
        await page.goto(`/admin/${path}`);
        await expect(page.getByTestId('console-nav')).toBeVisible();
        // The section's own chunk in, then its answers: no progress bar, no placeholder left.
        await expect(page.locator('h1')).toBeVisible();
        if (path === 'moderation') {
          await page.getByPlaceholder('RJ01234567').fill('RJ01234567');
          await page.getByPlaceholder('RJ01234567').press('Enter');
          await expect(page.getByTestId('work-tags')).toBeVisible();
        }
        await expect(page.locator('.MuiSkeleton-root, .MuiLinearProgress-root')).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/ops-${path}-${lang}-${size}-${scheme}.png`, fullPage: true });
      }
      await page.close();
    }
  }
});
