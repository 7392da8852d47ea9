/// <reference lib="dom" />
/**
 * The security headers as a browser meets them: the web app runs under its content security
 * policy without a single violation (works list, work page, playback, lyrics), a signed-in
 * player streams with the media cookie and no token in the URL, and a maintenance message
 * cannot run script.
 */
import { expect, type Page, test } from '@playwright/test';
import { cliAdminToken } from './helpers/accounts.ts';

/** Collects CSP violations (events and console reports) from the moment the page loads. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  return violations;
}

test('every answer carries the security headers: the app policy on pages, the short one elsewhere', async ({
  request,
}) => {
  for (const url of ['/', '/works', '/api/docs/']) {
    const h = (await request.get(url)).headers();
    expect(h['content-security-policy'], url).toContain("script-src 'self'");
    expect(h['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options'], url).toBe('nosniff');
    expect(h['x-frame-options'], url).toBe('DENY');
    expect(h['referrer-policy'], url).toBe('same-origin');
  }
  for (const url of ['/api/works?pageSize=1', '/api/no-such-route', '/manifest.webmanifest']) {
    const h = (await request.get(url)).headers();
    expect(h['content-security-policy'], url).toMatch(/^default-src 'none';.*frame-ancestors 'none'$/);
    expect(h['content-security-policy'], url).not.toContain('script-src');
    expect(h['x-content-type-options'], url).toBe('nosniff');
    expect(h['x-frame-options'], url).toBeUndefined();
  }
});

test('the app runs under its CSP: works, work page, playback and lyrics, signed in by cookie', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const login = await page.request.post('/api/auth/me', { data: { name: 'guest', password: 'guest' } });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('jwt-token', t), token);
  await page.context().clearCookies();

  await page.goto('/works');
  await expect(page.getByTestId('work-card').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('works-under-csp.png') });

  await page.goto('/work/RJ01100001');
  const item = page.getByTestId('tree-audio').first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  const media = page.waitForRequest((r) => r.url().includes('/api/media/stream/'));
  await item.click();
  const streamed = await media;
  // The stream goes out without a token in its URL, signed in by the media cookie.
  expect(streamed.url()).not.toContain('token=');
  expect((await streamed.allHeaders()).cookie ?? '').toMatch(/sasayaki_media=/);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0))
    .toBeGreaterThan(0.3);
  expect(await page.evaluate(() => document.querySelector('audio')?.currentSrc)).not.toContain('token=');

  await page.getByTestId('player-lyrics-button').first().click();
  await expect(page.getByTestId('lyrics-dialog').getByTestId('lyrics-line').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("a library's audio and image opened in a tab show in the browser's own viewer", async ({ page }) => {
  // The file tree opens images, texts and videos in a new tab; their answers carry the short
  // policy (src/securityHeaders.ts), which must leave the browser's viewers working.
  const violations = await watchCsp(page);
  const login = await page.request.post('/api/auth/me', { data: { name: 'guest', password: 'guest' } });
  const { token } = (await login.json()) as { token: string };
  const tree = await page.request.get('/api/tracks/1400112', {
    headers: { Authorization: `Bearer ${token}` },
  });
  type Node = { type: string; mediaStreamUrl?: string; children?: Node[] };
  const files = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children ? files(n.children) : [n]));
  const all = files((await tree.json()) as Node[]);
  const url = (type: string) => new URL(all.find((f) => f.type === type)!.mediaStreamUrl!).pathname;

  const audio = await page.goto(`${url('audio')}?token=${token}`);
  expect(audio?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLMediaElement>('video, audio')?.readyState ?? 0),
    )
    .toBeGreaterThanOrEqual(1);
  await page.goto(`${url('image')}?token=${token}`);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0))
    .toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test('a maintenance message shows its text but runs no script', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await cliAdminToken(request)}` };
  const html =
    '<p>Back soon</p><img src="/nope.png" onerror="window.__pwned = localStorage.getItem(\'jwt-token\') || 1">' +
    '<a href="javascript:window.__pwned=2">details</a><script>window.__pwned = 3</script>';
  try {
    expect((await request.put('/api/admin/maintenance', { headers, data: { html } })).status()).toBe(200);
    await page.goto('/works');
    const box = page.getByTestId('maintenance');
    await expect(box).toContainText('Back soon');
    await expect(box.locator('[onerror], script, a[href^="javascript"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  } finally {
    await request.put('/api/admin/maintenance', { headers, data: { html: null } });
  }
});
