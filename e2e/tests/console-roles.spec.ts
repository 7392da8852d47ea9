/**
 * Every section of the administrator's console × every role, in Chromium: a visitor is asked to
 * log in, the guest and a listener are refused by name, and none of them gets an answer from an
 * administrator's API route; an administrator sees the section's own content. The first run
 * (no administrator yet) is console-first-run.spec.ts; what an administrator does on each
 * screen is in console-ops, console-newcomer and console-first-run.
 */
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, freshName, loginToken, register, useToken } from './helpers/accounts.ts';

test.describe.configure({ timeout: 240_000 });
// Fresh pages load the console's chunks cold: on a busy shared machine more than ten seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Each section (in nav order, app/consoleSections.tsx), its title, and what only an administrator sees there. */
const SECTIONS: readonly [string, string, (page: Page) => ReturnType<Page['getByTestId']>][] = [
  ['libraries', 'Libraries', (p) => p.getByTestId('library-root').first()],
  [
    'feedback',
    'Problem reports',
    (p) => p.getByTestId('feedback-item').first().or(p.getByText('No problem reports')),
  ],
  ['accounts', 'Accounts', (p) => p.getByTestId('account-row').first()],
  ['invitations', 'Invitations', (p) => p.getByRole('button', { name: 'Create link' })],
  ['settings', 'Site settings', (p) => p.getByTestId('setting-registrationEnabled')],
  ['moderation', 'Moderation', (p) => p.getByLabel('Search text, name or work')],
  ['health', 'Health', (p) => p.getByTestId('cache-covers')],
  ['audit', 'Audit log', (p) => p.getByLabel('Action')],
];

type Role = 'anonymous' | 'guest' | 'user' | 'administrator';
const ROLES: Role[] = ['anonymous', 'guest', 'user', 'administrator'];

for (const role of ROLES) {
  test(`every console section as ${role}`, async ({ browser, request }) => {
    const name = freshName('member');
    const token =
      role === 'anonymous'
        ? null
        : role === 'guest'
          ? await loginToken(request, 'guest', 'guest')
          : role === 'user'
            ? await register(request, name)
            : await loginToken(request, ADMIN.name, ADMIN.password);
    const page = await browser.newPage();
    if (token) await useToken(page, token);
    // Every answer of an administrator's route the page got: none but refusals for the others.
    const adminAnswers: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) adminAnswers.push(r.status());
    });
    for (const [path, title, only] of SECTIONS) {
      await page.goto(`/admin/${path}`);
      const refused = page.getByTestId('console-refused');
      if (role === 'administrator') {
        await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
        await expect(only(page), path).toBeVisible();
        await expect(refused).toHaveCount(0);
        continue;
      }
      const said = {
        anonymous: 'The console is for administrators.',
        guest: 'shared guest account',
        user: `Your account (${name}) is not an administrator`,
      }[role];
      await expect(refused, path).toContainText(said);
      await expect(page.getByTestId('console-nav')).toHaveCount(0);
      await expect(only(page)).toHaveCount(0);
    }
    if (role === 'administrator') {
      expect(adminAnswers.length).toBeGreaterThan(SECTIONS.length);
      expect(adminAnswers.filter((s) => s !== 200)).toEqual([]);
    } else expect(adminAnswers.filter((s) => s < 400)).toEqual([]);
    await page.close();
    if (SHOTS && role !== 'administrator') await shootRefusal(browser, role, token);
  });
}

// With SCREENSHOTS_DIR set, the refusal each role gets is saved in every language, phone and desktop.
const SHOTS = process.env.SCREENSHOTS_DIR;

async function shootRefusal(browser: Browser, role: Role, token: string | null) {
  for (const lang of ['en', 'ja', 'zh-CN']) {
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      if (token) await useToken(page, token);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/admin/accounts');
      await expect(page.getByTestId('console-refused')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.screenshot({ path: `${SHOTS}/refused-${role}-${lang}-${size}.png` });
      await page.close();
    }
  }
}
