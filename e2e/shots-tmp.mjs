// Screenshots of the new screens in en / zh-CN / ja, light / dark, desktop / phone, plus montages.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:5185';
const out = '/tmp/signedin/shots';
fs.mkdirSync(out, { recursive: true });
const j = (r) => r.json();
const post = (path, body, token) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(j);
const put = (path, body, token) =>
  fetch(base + path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then(j);
const reg = async (name) =>
  (await post('/api/auth/reg', { name, password: 'secret123', recommenderUuid: crypto.randomUUID() }))
    .token ?? (await post('/api/auth/me', { name, password: 'secret123' })).token;
const alice = await reg('alice_shots');
const bob = await reg('bobby_shots');
const admin = (await post('/api/auth/me', { name: 'e2eadmin', password: 'admin-secret' })).token;
let pl = (
  await fetch(`${base}/api/playlist/get-playlists?filterBy=created`, {
    headers: { authorization: `Bearer ${alice}` },
  }).then(j)
).playlists.find((p) => p.name === 'Rainy nights');
if (!pl)
  pl = await post(
    '/api/playlist/create-playlist',
    {
      name: 'Rainy nights',
      privacy: 2,
      description: 'Soft voices for rainy evenings.',
      works: ['RJ01234567', 'RJ01234568', 'RJ01100001', 'RJ01000001', 'RJ01400112'],
    },
    alice,
  );
await post('/api/playlist/create-playlist', { name: '通勤用', privacy: 1, works: ['RJ01234569'] }, alice);
await post('/api/playlist/like-playlist', { id: pl.id }, bob);
await put(
  '/api/review',
  { work_id: 1000001, rating: 4, review_text: 'Gentle rain and a calm voice. Perfect for falling asleep.' },
  alice,
);
await put('/api/review', { work_id: 1000001, rating: 5, review_text: '雨の音がとても心地よいです。' }, bob);
await post(
  '/api/feedback',
  {
    work_id: 1234568,
    category: 'cantPlay',
    details: 'Track 2 stops halfway through on my phone.',
    url: `${base}/work/1234568`,
  },
  alice,
);
await post('/api/feedback', {
  work_id: 1234567,
  category: 'subtitleNotMatch',
  details: '字幕比音频慢了大约两秒。',
});

const screens = {
  playlists: {
    token: alice,
    go: async (p) => {
      await p.goto(`${base}/playlists`);
      await p.getByTestId('playlist-cover').first().waitFor();
      await p.waitForTimeout(800);
    },
  },
  createDialog: {
    token: alice,
    go: async (p, t) => {
      await p.goto(`${base}/playlists`);
      await p.getByTestId('playlist-card').first().waitFor();
      await p.locator('main button.MuiButton-contained').first().click();
      const d = p.getByRole('dialog');
      await d.locator('button[aria-expanded]').click();
      await d
        .getByRole('textbox')
        .last()
        .fill('Bought RJ01234567 and rj1100001 yesterday; VJ015001 is next. RJ12345 is not a code.');
      await p.waitForTimeout(600);
    },
  },
  playlistPage: {
    token: bob,
    go: async (p) => {
      await p.goto(`${base}/playlist?id=${pl.id}`);
      await p.getByTestId('work-card').first().waitFor();
      await p.waitForTimeout(800);
    },
  },
  emailDialog: {
    token: bob,
    go: async (p) => {
      await p.goto(`${base}/settings`);
      const s = p.getByTestId('account-section');
      await s.waitFor();
      await s.scrollIntoViewIfNeeded();
      await s.locator('button').nth(1).click();
      const d = p.getByRole('dialog');
      await d.locator('input').fill(`bob${Date.now()}@mail.test`);
      await d.locator('button[type=submit]').click();
      await d.locator('input[inputmode=numeric]').waitFor();
      await p.waitForTimeout(400);
    },
  },
  passwordDialog: {
    token: bob,
    go: async (p) => {
      await p.goto(`${base}/settings`);
      const s = p.getByTestId('account-section');
      await s.waitFor();
      await s.locator('button').first().click();
      const d = p.getByRole('dialog');
      await d.locator('button[type=submit]').click();
      await p.waitForTimeout(400);
    },
  },
  resetDialog: {
    token: null,
    go: async (p) => {
      await p.goto(`${base}/favourites`);
      const d = p.getByRole('dialog');
      await d.waitFor();
      await d.locator('button[type=button]').nth(1).click();
      await p.waitForTimeout(400);
    },
  },
  workReviews: {
    token: alice,
    go: async (p) => {
      await p.goto(`${base}/work/RJ01000001`);
      await p.getByTestId('work-review').first().waitFor();
      await p.getByTestId('my-review').scrollIntoViewIfNeeded();
      await p.waitForTimeout(600);
    },
  },
  reviewsBelow: {
    token: alice,
    go: async (p) => {
      await p.goto(`${base}/work/RJ01000001`);
      await p.getByTestId('work-review').first().waitFor();
      await p.getByTestId('work-review').first().scrollIntoViewIfNeeded();
      await p.waitForTimeout(600);
    },
  },
  reviewedTab: {
    token: alice,
    go: async (p) => {
      await p.goto(`${base}/favourites/review`);
      await p.getByTestId('my-review').first().waitFor();
      await p.waitForTimeout(600);
    },
  },
  adminFeedback: {
    token: admin,
    go: async (p) => {
      await p.goto(`${base}/admin/feedback`);
      await p.getByTestId('feedback-item').first().waitFor();
      await p.waitForTimeout(400);
    },
  },
  voteBlocked: {
    token: bob,
    go: async (p) => {
      await p.goto(`${base}/work/RJ01234567`);
      await p.getByTestId('tag-votes').locator('button').first().click();
      await p.getByRole('dialog').waitFor();
      await p.waitForTimeout(400);
    },
  },
};
const only = process.argv[2] ? process.argv[2].split(',') : Object.keys(screens);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
for (const name of only) {
  const s = screens[name];
  const files = [];
  for (const lang of ['en', 'zh-CN', 'ja'])
    for (const scheme of ['light', 'dark'])
      for (const [size, vp] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ]) {
        const ctx = await b.newContext({ viewport: vp, colorScheme: scheme, deviceScaleFactor: 1 });
        await ctx.addInitScript(
          ([t, l]) => {
            if (t) localStorage.setItem('jwt-token', t);
            localStorage.setItem('lang', l);
          },
          [s.token, lang],
        );
        const p = await ctx.newPage();
        const file = `${out}/${name}-${lang}-${scheme}-${size}.png`;
        try {
          await s.go(p, lang);
          await p.screenshot({ path: file });
          files.push(file);
        } catch (e) {
          console.log('FAIL', name, lang, scheme, size, e.message.split('\n')[0]);
          await p.screenshot({ path: file });
          files.push(file);
        }
        await ctx.close();
      }
  // Montage: the 12 shots in one page.
  const html = `<html><body style="margin:0;background:#888;display:grid;grid-template-columns:repeat(4,auto);gap:4px;align-items:start">${files.map((f) => `<div><div style="font:12px sans-serif">${f.split('/').pop()}</div><img src="file://${f}" style="width:${f.includes('desktop') ? 640 : 195}px"></div>`).join('')}</body></html>`;
  fs.writeFileSync(`${out}/${name}-montage.html`, html);
  const mp = await b.newPage({ viewport: { width: 1700, height: 900 } });
  await mp.goto(`file://${out}/${name}-montage.html`);
  await mp.waitForTimeout(300);
  await mp.screenshot({ path: `${out}/${name}-montage.png`, fullPage: true });
  await mp.close();
  console.log('done', name);
}
await b.close();
