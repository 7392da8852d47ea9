/**
 * The newcomer's whole journey in Chromium, on a server of its own started on an EMPTY data
 * folder, without a command line or an environment variable: create the administrator in the
 * browser, add their own library folder with the folder browser, watch it scan, invite a friend,
 * close registration. The friend registers through the link in a browser of their own; a visitor
 * without an invitation cannot register, and the used link does not work twice. With
 * SCREENSHOTS_DIR set, every console section is saved in each language, phone and desktop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { wavTone } from '@sasayaki/server/demo/audio';
import { OwnServer } from './helpers/ownServer.ts';

// The journey, and with SCREENSHOTS_DIR some hundred pictures, on a busy shared machine.
test.describe.configure({ timeout: process.env.SCREENSHOTS_DIR ? 1_800_000 : 600_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SCREENSHOTS_DIR;
const SECTIONS = [
  'libraries',
  'feedback',
  'accounts',
  'invitations',
  'settings',
  'moderation',
  'health',
  'audit',
] as const;

test('a newcomer sets up, adds a library, watches it scan, invites a friend and closes registration', async ({
  browser,
}) => {
  const server = await OwnServer.create({ empty: true });
  const library = fs.mkdtempSync(path.join(os.tmpdir(), 'sasayaki-e2e-mine-'));
  try {
    const clip = wavTone(0.2, 440, 1);
    for (let i = 1; i <= 150; i++) {
      const dir = path.join(library, `RJ0${String(3_000_000 + i)} My work ${i}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '01.wav'), clip);
    }
    await server.start();
    const base = server.url;

    // 1. The administrator, made in the browser.
    const admin = await (await browser.newContext({ baseURL: base })).newPage();
    await admin.goto('/');
    await expect(admin.getByTestId('setup-screen')).toBeVisible();
    await admin.getByLabel('Administrator name').fill('hostadmin');
    await admin.getByLabel('Password', { exact: true }).fill('host-secret');
    await admin.getByLabel('Password again').fill('host-secret');
    await admin.getByRole('button', { name: 'Create administrator' }).click();
    await expect(admin).toHaveURL(/\/admin\/libraries$/);

    // 2. Their own folder, found with the folder browser.
    await admin.getByRole('button', { name: 'Add folder' }).click();
    const picker = admin.getByRole('dialog', { name: 'Add a library folder' });
    await picker.getByTestId('folder-path').fill(path.dirname(library));
    await picker.getByRole('button', { name: 'Open' }).click();
    await picker.getByTestId('folder-list').getByText(path.basename(library), { exact: true }).click();
    await expect(picker.getByTestId('folder-path')).toHaveValue(library);
    await picker.getByLabel('Display name').fill('My ASMR');
    await picker.getByRole('button', { name: 'Add this folder' }).click();
    await expect(picker).toBeHidden();
    const mine = admin.getByTestId('library-root').filter({ hasText: 'My ASMR' });
    await expect(mine).toBeVisible();

    // 3. The scan, watched live until its works are in the catalogue.
    await admin.getByRole('button', { name: 'Scan now' }).click();
    const progress = admin.getByTestId('scan-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toBeHidden({ timeout: 180_000 });
    await expect(mine).toContainText('150 works');
    await expect(admin.getByTestId('scan-run').first()).toContainText('150 added');

    // 4. An invitation for a friend: a one-time link shown once, listed as open.
    await admin.getByTestId('console-nav').getByRole('link', { name: 'Invitations' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
    await admin.getByLabel('Note (who it is for)').fill('for Aki');
    await admin.getByRole('button', { name: 'Create link' }).click();
    const link = await admin.getByTestId('invitation-link').inputValue();
    expect(link).toMatch(new RegExp(`^${base}/invite/[A-Za-z0-9_-]{43}$`));
    const row = admin.getByTestId('invitation-row').filter({ hasText: 'for Aki' });
    await expect(row).toContainText('Open');
    await expect(row).toContainText('By hostadmin');

    // 5. Registration closed in the settings.
    await admin.getByTestId('console-nav').getByRole('link', { name: 'Site settings' }).click();
    const regSwitch = admin.getByTestId('setting-registrationEnabled').getByRole('switch');
    await expect(regSwitch).toBeChecked();
    await regSwitch.click();
    await admin.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(admin.getByText('Settings saved.')).toBeVisible();
    expect(await (await fetch(`${base}/api/auth/reg`)).json()).toEqual({ reg: false });

    // 6. The friend, in a browser of their own, registers through the link and is signed in.
    const friend = await (await browser.newContext()).newPage();
    await friend.goto(link);
    await expect(friend.getByRole('heading', { name: 'You are invited' })).toBeVisible();
    await friend.getByLabel('Name').fill('akiko');
    await friend.getByLabel('Password', { exact: true }).fill('akiko-secret');
    await friend.getByLabel('Password again').fill('akiko-secret');
    await friend.getByRole('button', { name: 'Create my account' }).click();
    await expect(friend).toHaveURL(/\/works$/);
    await expect(friend.getByTestId('work-card').first()).toBeVisible();
    const friendToken = await friend.evaluate(() => localStorage.getItem('jwt-token'));
    const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${friendToken}` } });
    expect((await me.json()).user).toMatchObject({ name: 'akiko', group: 'user' });

    // The console shows who used it, and the audit log has each step.
    await admin.getByTestId('console-nav').getByRole('link', { name: 'Invitations' }).click();
    await expect(row).toContainText('Used');
    await expect(row).toContainText('used by akiko');
    await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    await admin.getByTestId('console-nav').getByRole('link', { name: 'Audit log' }).click();
    await expect(
      admin.getByTestId('audit-entry').filter({ hasText: 'registered with the invitation' }).first(),
    ).toBeVisible();

    // 7. Nobody else gets in: no link to register, the API refuses, the used link is spent.
    const stranger = await (await browser.newContext({ baseURL: base })).newPage();
    await stranger.goto('/login');
    const dialog = stranger.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No account yet? Register')).toHaveCount(0);
    const refused = await stranger.request.post('/api/auth/reg', {
      data: { name: 'stranger', password: 'stranger-secret' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('REGISTRATION_CLOSED');
    await stranger.goto(link);
    await expect(stranger.getByTestId('invite-invalid')).toContainText('already used');
    await expect(stranger.getByTestId('invite-form')).toHaveCount(0);

    const token = (await admin.evaluate(() => localStorage.getItem('jwt-token'))) ?? '';
    await phoneTabsFollowTheSection(browser, base, token);
    if (SHOTS) await shootEverySection(browser, base, token, link);
  } finally {
    await server.dispose();
    fs.rmSync(library, { recursive: true, force: true });
  }
});

/** On a phone the section tabs scroll so the open section's tab is in view. */
async function phoneTabsFollowTheSection(
  browser: import('@playwright/test').Browser,
  base: string,
  token: string,
) {
  const page = await browser.newPage({ baseURL: base, viewport: { width: 390, height: 844 } });
  await page.addInitScript((tk) => localStorage.setItem('jwt-token', tk), token);
  for (const section of ['audit', 'health', 'libraries'] as const) {
    await page.goto(`/admin/${section}`);
    const tab = page.getByTestId('console-nav').locator('[aria-selected="true"]');
    await expect(tab).toHaveAttribute('href', `/admin/${section}`);
    await expect(tab).toBeInViewport({ ratio: 0.95 });
  }
  // Following a tab keeps the newly selected one in view too.
  await page.getByTestId('console-nav').getByRole('tab', { name: 'Moderation' }).click();
  await expect(page.getByTestId('console-nav').locator('[aria-selected="true"]')).toBeInViewport({
    ratio: 1,
  });
  await page.close();
}

async function shootEverySection(
  browser: import('@playwright/test').Browser,
  base: string,
  token: string,
  usedLink: string,
) {
  const viewports = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const;
  for (const lang of ['en', 'ja', 'zh-CN'] as const) {
    for (const [size, viewport] of viewports) {
      for (const scheme of ['light', 'dark'] as const) {
        const page: Page = await browser.newPage({ baseURL: base, viewport, colorScheme: scheme });
        await page.addInitScript(
          ([l, tk]) => {
            localStorage.setItem('lang', l);
            localStorage.setItem('jwt-token', tk);
          },
          [lang, token] as const,
        );
        for (const section of SECTIONS) {
          // Dark mode for a few only, on the desktop: the sections share their parts.
          if (scheme === 'dark' && (size === 'phone' || !['invitations', 'settings'].includes(section)))
            continue;
          await page.goto(`/admin/${section}`);
          await expect(page.getByTestId('console-nav')).toBeVisible();
          // Loaded once no placeholder is left (the libraries' event stream keeps the network busy).
          await expect(page.locator('.MuiSkeleton-root, .MuiLinearProgress-root')).toHaveCount(0);
          await page.screenshot({
            path: `${SHOTS}/newcomer-${section}-${lang}-${size}-${scheme}.png`,
            fullPage: true,
          });
        }
        // Invitation pages in light only: each opening counts against the address's
        // INVITATION_LIMIT (20 an hour), and the journey has used some.
        if (scheme === 'dark') {
          await page.close();
          continue;
        }
        await shootMoments(page, `${lang}-${size}`);
        await page.goto(usedLink.replace(/^https?:\/\/[^/]+/, ''));
        await expect(page.getByTestId('invite-invalid')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/newcomer-invite-spent-${lang}-${size}-${scheme}.png` });
        await page.close();
        // The invitation as its guest sees it: a fresh link, opened without an account.
        const guest = await browser.newPage({ baseURL: base, viewport, colorScheme: scheme });
        await guest.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await guest.goto(`/invite/${await newInvitation(base, token)}`);
        await expect(guest.getByTestId('invite-form')).toBeVisible();
        await guest.screenshot({ path: `${SHOTS}/newcomer-invite-open-${lang}-${size}-${scheme}.png` });
        await guest.close();
      }
    }
  }
}

/** An open invitation's code, made through the API. */
async function newInvitation(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/invitations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'for a screenshot', days: 7 }),
  });
  const body = (await res.json()) as { code?: string };
  if (!body.code) throw new Error(`no invitation: ${JSON.stringify(body)}`);
  return body.code;
}

/** The console's dialogs and answers, in whatever language the page reads: opened, shot, left. */
async function shootMoments(page: Page, suffix: string) {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/newcomer-${name}-${suffix}.png` });
  await page.goto('/admin/accounts');
  const friend = page.getByTestId('account-row').filter({ hasText: 'akiko' });
  await friend.getByRole('button').last().click();
  await expect(page.getByTestId('delete-impact')).toBeVisible();
  await shot('accounts-delete');
  await page.keyboard.press('Escape');
  await friend.getByRole('button').first().click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await shot('accounts-one-time-password');
  await page.keyboard.press('Escape');

  await page.goto('/admin/invitations');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByTestId('invitation-link')).toBeVisible();
  await shot('invitation-created');

  await page.goto('/admin/libraries');
  await page.getByTestId('add-root').click();
  // After the first listing, which fills the path in.
  await expect(page.getByTestId('folder-list')).toBeVisible();
  await page.getByTestId('folder-path').fill('relative/path');
  await page.getByTestId('folder-path').press('Enter');
  await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
  await shot('folder-picker-refused');
  await page.keyboard.press('Escape');
}
