import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:5185';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const r = await fetch(`${base}/api/auth/me`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'e2eadmin', password: 'admin-secret' }),
});
const { token } = await r.json();
const page = await b.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (m) => console.log('console', m.text()));
await page.addInitScript((t) => localStorage.setItem('jwt-token', t), token);
await page.goto(`${base}/works`);
await page.getByTestId('menu-button').click();
await page.waitForTimeout(1500);
console.log(await page.getByTestId('side-drawer').innerText());
page.on('requestfailed', (r) => console.log('failed', r.url()));
page.on('response', (r) => {
  if (r.status() >= 400) console.log('status', r.status(), r.url());
});
await page.getByRole('link', { name: 'Problem reports' }).click();
await page.waitForTimeout(6000);
console.log(page.url());
await page.screenshot({ path: '/tmp/signedin/shots/debug.png' });
await b.close();
