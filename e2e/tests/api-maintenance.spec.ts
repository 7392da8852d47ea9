/**
 * Server-wide operations as clients see them: maintenance (health answers `{html}` instead of
 * `OK`), closed registration (`GET /api/auth/reg` → `{reg: false}`) and a full rescan (track
 * hashes and file ids stay the same). The administrator is
 * made with the `sasayaki user add --admin` command on the e2e data folder, as an operator would.
 * Every switch is put back in `finally`, so the other specs see a normal server.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { cliAdminToken } from './helpers/accounts.ts';

test('maintenance: health answers JSON {html}, the API stays usable, then plain OK again', async ({
  request,
}) => {
  const headers = { Authorization: `Bearer ${await cliAdminToken(request)}` };
  const guest = (
    await (await request.post('/api/auth/me', { data: { name: 'guest', password: 'guest' } })).json()
  ).token;
  const refused = await request.put('/api/admin/maintenance', {
    headers: { Authorization: `Bearer ${guest}` },
    data: { html: '<p>x</p>' },
  });
  expect(refused.status()).toBe(403);
  expect(await request.get('/api/health').then((r) => r.text())).toBe('OK');

  const html = '<p>メンテナンス中です / under maintenance</p>';
  try {
    expect((await request.put('/api/admin/maintenance', { headers, data: { html } })).status()).toBe(200);
    const health = await request.get('/api/health');
    expect(health.status()).toBe(503);
    expect(health.headers()['content-type']).toMatch(/^application\/json/);
    expect(await health.json()).toEqual({ html, code: 'MAINTENANCE' });
    // The web app's "force enter" button goes on using the API.
    expect((await request.get('/api/works?pageSize=1')).status()).toBe(200);
  } finally {
    await request.put('/api/admin/maintenance', { headers, data: { html: null } });
  }
  const back = await request.get('/api/health');
  expect(back.status()).toBe(200);
  expect(await back.text()).toBe('OK');
});

test('closed registration: {reg: false} and registering answers 403 {error}', async ({ request }) => {
  const headers = { Authorization: `Bearer ${await cliAdminToken(request)}` };
  try {
    expect(
      (await request.put('/api/admin/registration', { headers, data: { enabled: false } })).status(),
    ).toBe(200);
    expect(await (await request.get('/api/auth/reg')).json()).toEqual({ reg: false });
    const me = await request.get('/api/auth/me');
    expect((await me.json()).reg).toBe(false);
    const r = await request.post('/api/auth/reg', {
      data: { name: `late_${randomBytes(3).toString('hex')}`, password: 'late-pass' },
    });
    expect(r.status()).toBe(403);
    expect(typeof (await r.json()).error).toBe('string');
  } finally {
    await request.put('/api/admin/registration', { headers, data: { enabled: null } });
  }
  expect(await (await request.get('/api/auth/reg')).json()).toEqual({ reg: true });
});

test('a full rescan keeps every track hash, file id and work answer the same', async ({ request }) => {
  const headers = { Authorization: `Bearer ${await cliAdminToken(request)}` };
  const snapshot = async () => {
    const list = await (await request.get('/api/works?order=id&sort=asc&pageSize=100')).json();
    const trees: Record<number, unknown> = {};
    for (const w of list.works as { id: number }[]) {
      trees[w.id] = await (await request.get(`/api/tracks/${w.id}?v=1`)).json();
    }
    return { works: list.works, trees };
  };
  const before = await snapshot();
  expect(Object.keys(before.trees).length).toBeGreaterThan(20);
  const rescan = await request.post('/api/admin/rescan', { headers, data: { full: true, wait: true } });
  expect(rescan.status()).toBe(200);
  const { summary } = await rescan.json();
  expect(summary).toMatchObject({ worksAdded: 0, worksRemoved: 0, errors: 0 });
  const after = await snapshot();
  // Clients store hashes ("{workId}/{fileId}") in playlists and download state: they must hold.
  expect(after.trees).toEqual(before.trees);
  expect(after.works).toEqual(before.works);
});
