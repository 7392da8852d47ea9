/**
 * The administrator's console through the real HTTP API, on SQLite and PostgreSQL: site settings
 * (stored, applied at once, overridden by the environment), the audit log, accounts, health and
 * moderation. Who may call each route is the role matrix's business (hardening/roleMatrix.test.ts);
 * here every call is an administrator's, and the checks are on what it does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { scanLibrary } from '../../src/scanner/index.ts';
import { putReview } from '../../src/services/reviews.ts';
import { scanHooks } from '../../src/services/scans/hooks.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';
import { viewerOf } from '../helpers/viewers.ts';
import { writeTree } from '../scanner/helpers.ts';

describe.each(DIALECTS)('console on %s', (dialect) => {
  let ta: TestApp;
  let admin: Record<string, string>;
  let adminId: number;
  const as = (headers: Record<string, string>) => ({
    get: (url: string) => ta.app.inject({ method: 'GET', url, headers }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      ta.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  });
  const api = () => as(admin);
  const bearerOf = async (id: number) => ({ authorization: `Bearer ${await tokenFor(ta, id)}` });
  const outbox = () => {
    const file = path.join(ta.config.dataDir, 'outbox.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };
  const settingsByKey = async () =>
    Object.fromEntries(
      ((await api().get('/api/admin/settings')).json().settings as { key: string }[]).map((s) => [s.key, s]),
    );

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    const root = ta.config.libraryRoots[0] as string;
    writeTree(root, {
      'RJ01000001 耳かき/01 はじめに.wav': 1,
      'RJ01000001 耳かき/work.json': JSON.stringify({ title: '耳かき', tags: ['癒し', '耳かき'] }),
      'RJ01000002 添い寝/01 おやすみ.wav': 1,
    });
    await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
    const row = await createUser(ta.db, {
      name: 'root_admin',
      password: 'root-admin-pw',
      group: 'administrator',
    });
    adminId = row.id;
    admin = await bearerOf(adminId);
  }, 120_000);
  afterAll(() => ta?.close());

  describe('site settings', () => {
    it('lists every setting with its default, its variable and whether it is stored', async () => {
      const s = await settingsByKey();
      expect(Object.keys(s).sort()).toEqual(
        [
          'anonymousMedia',
          'backupIntervalHours',
          'backupKeep',
          'guestRateLimit',
          'mailFrom',
          'maintenance',
          'maintenanceClosed',
          'maintenanceHtml',
          'metricsToken',
          'publicUrl',
          'registrationEnabled',
          'registrationLimit',
          'smtpUrl',
          'subtitleQuotaMb',
          'trustProxy',
        ].sort(),
      );
      expect(s.registrationEnabled).toMatchObject({
        kind: 'boolean',
        env: 'SASAYAKI_REGISTRATION',
        overridden: false,
        stored: false,
        value: true,
        default: true,
      });
      expect(s.smtpUrl).toMatchObject({ kind: 'secret', value: null, isSet: false, default: null });
    });

    it('applies a change at once, with no restart, and returns to the default on null', async () => {
      const put = (changes: object) => api().send('PUT', '/api/admin/settings', { changes });
      expect((await put({ registrationEnabled: false })).statusCode).toBe(200);
      expect((await ta.app.inject({ url: '/api/auth/reg' })).json()).toEqual({ reg: false });
      const reg = await ta.app.inject({
        method: 'POST',
        url: '/api/auth/reg',
        payload: { name: 'latecomer', password: 'late-pass' },
      });
      expect(reg.json().code).toBe('REGISTRATION_CLOSED');

      await put({ maintenance: true, maintenanceHtml: '<p>back at noon</p>' });
      const health = await ta.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ html: '<p>back at noon</p>', code: 'MAINTENANCE' });

      await put({ anonymousMedia: false });
      const file = await ta.db.selectFrom('files').select('id').executeTakeFirstOrThrow();
      expect((await ta.app.inject({ url: `/api/media/stream/${file.id}` })).json().code).toBe('NO_TOKEN');

      await put({ publicUrl: 'https://asmr.example.org/' });
      const work = await ta.app.inject({ url: '/api/work/1000001' });
      expect(work.json().mainCoverUrl).toMatch(/^https:\/\/asmr\.example\.org\/api\/cover\//);

      const s = await settingsByKey();
      expect(s.publicUrl).toMatchObject({ value: 'https://asmr.example.org', stored: true });

      await put({ registrationEnabled: null, maintenance: null, anonymousMedia: null, publicUrl: null });
      expect((await ta.app.inject({ url: '/api/auth/reg' })).json()).toEqual({ reg: true });
      expect((await ta.app.inject({ url: '/api/health' })).body).toBe('OK');
      expect((await ta.app.inject({ url: `/api/media/stream/${file.id}` })).statusCode).toBe(200);
      expect((await settingsByKey()).publicUrl).toMatchObject({ value: '', stored: false });
    });

    it('applies a new guest limit to the next request', async () => {
      const guest = await ta.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', 'guest')
        .executeTakeFirstOrThrow();
      const headers = await bearerOf(guest.id);
      const me = () => ta.app.inject({ url: '/api/auth/me', headers, remoteAddress: '10.20.30.40' });
      expect((await me()).statusCode).toBe(200);
      await api().send('PUT', '/api/admin/settings', { changes: { guestRateLimit: 2 } });
      expect((await me()).statusCode).toBe(200);
      const refused = await me();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      await api().send('PUT', '/api/admin/settings', { changes: { guestRateLimit: null } });
      expect((await me()).statusCode).toBe(200);
    });

    it('believes forwarding headers from a proxy as soon as it is trusted', async () => {
      const ip = () =>
        ta.app.inject({
          url: '/api/auth/me',
          remoteAddress: '10.1.2.3',
          headers: { 'x-forwarded-proto': 'https', host: 'asmr.example.org' },
        });
      const base = async () =>
        (
          await ta.app.inject({
            url: '/api/work/1000001',
            remoteAddress: '10.1.2.3',
            headers: { 'x-forwarded-proto': 'https', host: 'asmr.example.org' },
          })
        ).json().mainCoverUrl as string;
      expect((await ip()).statusCode).toBe(200);
      expect(await base()).toMatch(/^http:\/\//);
      await api().send('PUT', '/api/admin/settings', { changes: { trustProxy: ['10.0.0.0/8'] } });
      expect(await base()).toMatch(/^https:\/\/asmr\.example\.org\//);
      await api().send('PUT', '/api/admin/settings', { changes: { trustProxy: null } });
      expect(await base()).toMatch(/^http:\/\//);
    });

    it('refuses invalid values, and writes none of a batch with one bad value', async () => {
      const bad = async (changes: object, code: string) => {
        const res = await api().send('PUT', '/api/admin/settings', { changes });
        expect(res.statusCode, JSON.stringify(changes)).toBe(400);
        expect(res.json().code).toBe(code);
      };
      await bad({ guestRateLimit: 0 }, 'SETTING_INVALID');
      const said = await api().send('PUT', '/api/admin/settings', { changes: { guestRateLimit: 0 } });
      expect(said.json().error).toBe(
        'invalid setting: guestRateLimit: expected a whole number from 1 to 1000000',
      );
      await bad({ guestRateLimit: '60' }, 'SETTING_INVALID');
      await bad({ publicUrl: 'ftp://example.org' }, 'SETTING_INVALID');
      await bad({ trustProxy: ['not-an-address'] }, 'SETTING_INVALID');
      await bad({ smtpUrl: 'http://mail' }, 'SETTING_INVALID');
      await bad({ metricsToken: 'short' }, 'SETTING_INVALID');
      await bad({ jwtSecret: 'x' }, 'SETTING_UNKNOWN');
      await bad({ registrationEnabled: false, guestRateLimit: -1 }, 'SETTING_INVALID');
      expect((await settingsByKey()).registrationEnabled).toMatchObject({ value: true, stored: false });
    });

    it('never sends a secret back, and says whether one is set', async () => {
      await api().send('PUT', '/api/admin/settings', {
        changes: { metricsToken: 'a-metrics-token-of-32-characters' },
      });
      const res = await api().get('/api/admin/settings');
      expect(res.body).not.toContain('a-metrics-token');
      expect((await settingsByKey()).metricsToken).toMatchObject({ isSet: true, value: null, stored: true });
      await api().send('PUT', '/api/admin/settings', { changes: { metricsToken: null } });
    });

    it('sends a test mail through the current mail settings', async () => {
      const res = await api().send('POST', '/api/admin/settings/test-mail', { to: 'ops@example.test' });
      expect(res.statusCode).toBe(200);
      expect(outbox()).toMatch(/To: ops@example\.test\nSubject: Sasayaki: test mail/);
      await api().send('PUT', '/api/admin/settings', { changes: { smtpUrl: 'smtp://127.0.0.1:9' } });
      const failed = await api().send('POST', '/api/admin/settings/test-mail', { to: 'ops@example.test' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('MAIL_FAILED');
      await api().send('PUT', '/api/admin/settings', { changes: { smtpUrl: null } });
    });
  });

  describe('environment overrides', () => {
    let envApp: TestApp;
    beforeAll(async () => {
      const fromEnv = loadConfig({
        SASAYAKI_REGISTRATION: 'off',
        SASAYAKI_GUEST_RATE_LIMIT: '42',
        SASAYAKI_REGISTRATION_LIMIT: '7',
      });
      envApp = await startTestApp(dialect, {
        registrationEnabled: fromEnv.registrationEnabled,
        guestRateLimitPerMinute: fromEnv.guestRateLimitPerMinute,
        registrationsPerAddressPerHour: fromEnv.registrationsPerAddressPerHour,
        fromEnvironment: fromEnv.fromEnvironment,
      });
    }, 60_000);
    afterAll(() => envApp?.close());

    it('shows which settings a variable overrides, uses its value and refuses to change them', async () => {
      const u = await createUser(envApp.db, {
        name: 'env_admin',
        password: 'env-admin-pw',
        group: 'administrator',
      });
      const headers = { authorization: `Bearer ${await tokenFor(envApp, u.id)}` };
      // A value stored before the variable was set does not win over it.
      await envApp.db.insertInto('settings').values({ key: 'registration_enabled', value: 'true' }).execute();
      await envApp.db.insertInto('settings').values({ key: 'registration_limit', value: '1' }).execute();
      envApp.app.ctx.settings.invalidate();
      const list = (await envApp.app.inject({ url: '/api/admin/settings', headers })).json().settings as {
        key: string;
        overridden: boolean;
        value: unknown;
      }[];
      const byKey = Object.fromEntries(list.map((s) => [s.key, s]));
      expect(byKey.registrationEnabled).toMatchObject({ overridden: true, value: false });
      expect(byKey.guestRateLimit).toMatchObject({ overridden: true, value: 42 });
      expect(byKey.registrationLimit).toMatchObject({ overridden: true, value: 7 });
      expect(envApp.app.ctx.settings.get('registrationLimit')).toBe(7);
      expect(byKey.publicUrl).toMatchObject({ overridden: false });
      expect((await envApp.app.inject({ url: '/api/auth/reg' })).json()).toEqual({ reg: false });
      const res = await envApp.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers,
        payload: { changes: { registrationEnabled: true } },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SETTING_FROM_ENVIRONMENT',
        error:
          'registrationEnabled is set by the environment variable SASAYAKI_REGISTRATION: change it there',
      });
    });
  });

  describe('accounts', () => {
    it('lists with search and paging, with when each was last seen', async () => {
      for (const n of ['alpha_one', 'alpha_two', 'alpha_three']) {
        await createUser(ta.db, { name: n, password: `${n}-pw`, email: `${n}@example.test` });
      }
      const page1 = (await api().get('/api/admin/accounts?q=ALPHA&pageSize=2')).json();
      expect(page1.pagination).toEqual({ currentPage: 1, pageSize: 2, totalCount: 3 });
      expect(page1.accounts.map((a: { name: string }) => a.name)).toEqual(['alpha_one', 'alpha_two']);
      const byEmail = (await api().get('/api/admin/accounts?q=two%40example')).json();
      expect(byEmail.accounts.map((a: { name: string }) => a.name)).toEqual(['alpha_two']);
      const guest = (await api().get('/api/admin/accounts?q=guest')).json().accounts[0];
      expect(guest).toMatchObject({ name: 'guest', group: 'guest', builtin: true, disabled: false });
      // The admin has made requests: last seen is set, and not rewritten within the minute.
      const me = (await api().get('/api/admin/accounts?q=root_admin')).json().accounts[0];
      expect(me.lastSeenAt).toBeGreaterThan(Date.now() - 600_000);
      await ta.db
        .updateTable('users')
        .set({ last_seen_at: me.lastSeenAt - 1 })
        .where('id', '=', adminId)
        .execute();
      await api().get('/api/admin/accounts?q=root_admin');
      const again = (await api().get('/api/admin/accounts?q=root_admin')).json().accounts[0];
      expect(again.lastSeenAt).toBe(me.lastSeenAt - 1);
    });

    it('changes a group, ending the account’s sessions', async () => {
      const u = await createUser(ta.db, { name: 'promoted', password: 'promoted-pw' });
      const old = await bearerOf(u.id);
      const res = await api().send('POST', `/api/admin/accounts/${u.id}/group`, { group: 'administrator' });
      expect(res.statusCode).toBe(200);
      expect((await as(old).get('/api/admin/health')).json().code).toBe('JWT_EXPIRED');
      expect((await as(await bearerOf(u.id)).get('/api/admin/health')).statusCode).toBe(200);
    });

    it('disables an account: its tokens stop at once and it cannot sign in; enabling lets it back', async () => {
      const u = await createUser(ta.db, { name: 'disabled_one', password: 'disabled-pw' });
      const h = await bearerOf(u.id);
      expect((await as(h).get('/api/auth/me')).statusCode).toBe(200);
      expect(
        (await api().send('POST', `/api/admin/accounts/${u.id}/disabled`, { disabled: true })).statusCode,
      ).toBe(200);
      expect((await as(h).get('/api/auth/me')).json().code).toBe('JWT_EXPIRED');
      const login = () =>
        ta.app.inject({
          method: 'POST',
          url: '/api/auth/me',
          payload: { name: 'disabled_one', password: 'disabled-pw' },
        });
      expect((await login()).json().code).toBe('ACCOUNT_DISABLED');
      // The Subsonic API refuses it too, with its own "not authorised".
      const subsonic = await ta.app.inject({
        url: '/rest/ping.view?u=disabled_one&p=disabled-pw&f=json&v=1.16.1&c=t',
      });
      expect(subsonic.json()['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 50 } });
      const listed = (await api().get('/api/admin/accounts?q=disabled_one')).json().accounts[0];
      expect(listed.disabled).toBe(true);
      await api().send('POST', `/api/admin/accounts/${u.id}/disabled`, { disabled: false });
      expect((await login()).statusCode).toBe(200);
    });

    it('switches the guest account off and on', async () => {
      const guest = (await api().get('/api/admin/accounts?q=guest')).json().accounts[0];
      const signIn = () =>
        ta.app.inject({ method: 'POST', url: '/api/auth/me', payload: { name: 'guest', password: 'guest' } });
      // A guest sign-in first, so the next one takes the path that skips hashing.
      expect((await signIn()).statusCode).toBe(200);
      await api().send('POST', `/api/admin/accounts/${guest.id}/disabled`, { disabled: true });
      expect((await signIn()).json().code).toBe('ACCOUNT_DISABLED');
      await api().send('POST', `/api/admin/accounts/${guest.id}/disabled`, { disabled: false });
      expect((await signIn()).statusCode).toBe(200);
    });

    it('resets a password: shown once without an email, mailed with one', async () => {
      const plain = await createUser(ta.db, { name: 'no_mail_user', password: 'old-password' });
      const shown = await api().send('POST', `/api/admin/accounts/${plain.id}/reset-password`);
      expect(shown.statusCode).toBe(200);
      const { delivery, password } = shown.json();
      expect(delivery).toBe('shown');
      expect(password).toMatch(/^[a-z2-9]{14}$/);
      const ok = await ta.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'no_mail_user', password },
      });
      expect(ok.statusCode).toBe(200);

      const mailed = await createUser(ta.db, {
        name: 'mail_user',
        password: 'old-password',
        email: 'm@example.test',
      });
      const res = await api().send('POST', `/api/admin/accounts/${mailed.id}/reset-password`);
      expect(res.json()).toEqual({ delivery: 'mail' });
      const sent = /Your new password: ([a-z2-9]{14})/.exec(outbox());
      expect(sent).not.toBeNull();
      const signed = await ta.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'mail_user', password: sent?.[1] },
      });
      expect(signed.statusCode).toBe(200);
    });

    it('says what a deletion takes with it, then deletes', async () => {
      const u = await createUser(ta.db, { name: 'leaving', password: 'leaving-pw' });
      await putReview(ta.db, await viewerOf(ta.db, u.id), 1000001, { rating: 2, review_text: 'meh' });
      const impact = (await api().get(`/api/admin/accounts/${u.id}/impact`)).json();
      expect(impact).toMatchObject({ reviews: 1, tagVotes: 0, feedback: 0 });
      expect(impact.playlists).toBeGreaterThanOrEqual(0);
      expect((await api().send('DELETE', `/api/admin/accounts/${u.id}`)).statusCode).toBe(200);
      expect((await api().get(`/api/admin/accounts/${u.id}/impact`)).json().code).toBe('USER_NOT_FOUND');
      const work = (await ta.app.inject({ url: '/api/work/1000001' })).json();
      expect(work.rate_count ?? 0).toBeGreaterThanOrEqual(0);
    });

    it('answers 404 for an unknown account and 400 for a malformed id, never a 500', async () => {
      const disable = (id: string) =>
        api().send('POST', `/api/admin/accounts/${id}/disabled`, { disabled: true });
      for (const id of ['999999', '0', '9999999999'])
        expect((await disable(id)).json().code, id).toBe('USER_NOT_FOUND');
      for (const id of ['99999999999', '-1', '1e3', 'x'])
        expect((await disable(id)).statusCode, id).toBe(400);
    });
  });

  describe('audit log', () => {
    it('records every administrator action with who, what, on what and when, filterable', async () => {
      const before = Date.now();
      await api().send('PUT', '/api/admin/settings', { changes: { guestRateLimit: 500 } });
      await api().send('PUT', '/api/admin/settings', { changes: { guestRateLimit: null } });
      const all = (await api().get('/api/admin/audit?pageSize=100')).json();
      expect(all.actions).toEqual(
        expect.arrayContaining(['settings.update', 'account.group', 'account.disable']),
      );
      const settings = (await api().get('/api/admin/audit?action=settings.update&pageSize=2')).json();
      expect(settings.entries[0]).toMatchObject({
        actor: 'root_admin',
        action: 'settings.update',
        target: 'guestRateLimit',
        details: { guestRateLimit: null },
      });
      expect(settings.entries[0].at).toBeGreaterThanOrEqual(before);
      expect(settings.entries[1].details).toEqual({ guestRateLimit: 500 });
      expect(settings.pagination.totalCount).toBeGreaterThan(2);
      const nobody = (await api().get('/api/admin/audit?actor=nobody')).json();
      expect(nobody.pagination.totalCount).toBe(0);
      // Secrets are never written to the log.
      expect(JSON.stringify(all.entries)).not.toContain('a-metrics-token');
      expect(JSON.stringify(all.entries)).toContain('"metricsToken":"set"');
    });
  });

  describe('health', () => {
    it('reports version, database, library, caches, ffmpeg and recent errors', async () => {
      fs.mkdirSync(path.join(ta.config.dataDir, 'transcodes'), { recursive: true });
      fs.writeFileSync(path.join(ta.config.dataDir, 'transcodes', 'a.mp3'), Buffer.alloc(1000));
      const h = (await api().get('/api/admin/health')).json();
      expect(h.version).toMatch(/^\d+\.\d+/);
      expect(h.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(h.database.dialect).toBe(dialect);
      expect(h.database.bytes).toBeGreaterThan(0);
      expect(h.database.migrations.map((m: { name: string }) => m.name)).toContain('030_console_ops');
      // Two audio files and the sidecar.
      expect(h.library).toMatchObject({ roots: 1, works: 2, files: 3 });
      expect(h.library.bytes).toBeGreaterThan(0);
      expect(h.caches).toContainEqual({ name: 'transcodes', files: 1, bytes: 1000 });
      expect(typeof h.ffmpeg.present).toBe('boolean');
      expect(Array.isArray(h.errors)).toBe(true);
      // A folder added in the console is a root in effect too (before: only the environment's).
      const mine = path.join(ta.dir, 'console-root');
      fs.mkdirSync(mine);
      expect((await api().send('POST', '/api/admin/libraries', { path: mine })).statusCode).toBe(200);
      expect((await api().get('/api/admin/health')).json().library.roots).toBe(2);
    });

    it('keeps the recent server errors', async () => {
      ta.app.ctx.recentErrors.add({ status: 500, method: 'GET', url: '/api/x', message: 'boom' });
      const h = (await api().get('/api/admin/health')).json();
      expect(h.errors[0]).toMatchObject({ status: 500, url: '/api/x', message: 'boom' });
    });

    it('purges a cache folder', async () => {
      const dir = path.join(ta.config.dataDir, 'covers');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '1-main.jpg'), Buffer.alloc(300));
      const res = await api().send('POST', '/api/admin/caches/purge', { cache: 'covers' });
      expect(res.json()).toEqual({ files: 1, bytes: 300 });
      expect(fs.readdirSync(dir)).toEqual([]);
      const bad = await api().send('POST', '/api/admin/caches/purge', { cache: '../' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('moderation', () => {
    it('hides a review from everyone but its author, and counts it out of the rating', async () => {
      const author = await createUser(ta.db, { name: 'loud_author', password: 'loud-pw' });
      const other = await createUser(ta.db, { name: 'quiet_reader', password: 'quiet-pw' });
      await putReview(ta.db, await viewerOf(ta.db, author.id), 1000002, {
        rating: 1,
        review_text: 'spam spam',
      });
      const list = async (h: Record<string, string>) =>
        (await as(h).get('/api/review/of-work?work_id=1000002'))
          .json()
          .reviews.map((r: { userName: string }) => r.userName);
      expect(await list({})).toContain('loud_author');
      const hide = await api().send('POST', '/api/admin/reviews/hide', {
        userId: author.id,
        workId: 1000002,
        hidden: true,
      });
      expect(hide.statusCode).toBe(200);
      expect(await list({})).not.toContain('loud_author');
      expect(await list(await bearerOf(other.id))).not.toContain('loud_author');
      expect(await list(await bearerOf(author.id))).toContain('loud_author');
      const work = await ta.db
        .selectFrom('works')
        .select('site_rate_count')
        .where('id', '=', 1000002)
        .executeTakeFirstOrThrow();
      expect(work.site_rate_count).toBe(0);
      const mod = (await api().get('/api/admin/reviews?q=spam')).json();
      expect(mod.reviews[0]).toMatchObject({ userName: 'loud_author', hidden: true, workId: 1000002 });
      await api().send('POST', '/api/admin/reviews/hide', {
        userId: author.id,
        workId: 1000002,
        hidden: false,
      });
      expect(await list({})).toContain('loud_author');
      const del = await api().send('POST', '/api/admin/reviews/delete', {
        userId: author.id,
        workId: 1000002,
      });
      expect(del.statusCode).toBe(200);
      expect(await list(await bearerOf(author.id))).not.toContain('loud_author');
      const gone = await api().send('POST', '/api/admin/reviews/delete', {
        userId: author.id,
        workId: 1000002,
      });
      expect(gone.json().code).toBe('REVIEW_NOT_FOUND');
    });

    it('removes a tag from a work, and a full rescan does not bring it back', async () => {
      const tags = async () =>
        ((await ta.app.inject({ url: '/api/work/1000001' })).json().tags as { id: number; name: string }[]) ??
        [];
      const before = await tags();
      const tag = before.find((t) => t.name === '癒し');
      expect(tag).toBeDefined();
      const res = await api().send('POST', '/api/admin/works/tags/remove', {
        workId: 1000001,
        tagId: tag?.id,
      });
      expect(res.statusCode).toBe(200);
      expect((await tags()).map((t) => t.name)).not.toContain('癒し');
      await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks }, { full: true });
      expect((await tags()).map((t) => t.name)).toEqual(
        before.filter((t) => t.id !== tag?.id).map((t) => t.name),
      );
      const again = await api().send('POST', '/api/admin/works/tags/remove', {
        workId: 1000001,
        tagId: tag?.id,
      });
      expect(again.json().code).toBe('TAG_NOT_ON_WORK');
      // The work leaves the library and comes back: written as a new work, still without the tag.
      const root = ta.config.libraryRoots[0] as string;
      const folder = path.join(root, 'RJ01000001 耳かき');
      const away = path.join(ta.dir, 'away');
      fs.renameSync(folder, away);
      await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
      expect((await ta.app.inject({ url: '/api/work/1000001' })).statusCode).toBe(404);
      fs.renameSync(away, folder);
      await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
      expect((await tags()).map((t) => t.name)).toEqual(['耳かき']);
    });
  });

  describe('metrics', () => {
    const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
      ta.app.inject({ url: '/metrics', ...opts });

    it('speaks Prometheus text: requests by route and status, scans, caches, transcodes, the process', async () => {
      await ta.app.inject({ url: '/api/work/1000001' });
      await ta.app.inject({ url: '/api/work/1000001' });
      await scanLibrary({ config: ta.config, db: ta.db, hooks: scanHooks });
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /sasayaki_http_requests_total\{method="GET",route="\/api\/work\/:id",status="200"\} ([2-9]|\d{2,})\n/,
      );
      expect(text).toMatch(
        /sasayaki_http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/api\/work\/:id",status="200"\}/,
      );
      expect(text).toMatch(/sasayaki_scans_total [1-9]/);
      expect(text).toMatch(/sasayaki_scan_works\{outcome="unchanged"\} 2/);
      expect(text).toMatch(/sasayaki_scan_duration_seconds_count [1-9]/);
      expect(text).toMatch(/sasayaki_work_cache_lookups_total\{kind="head",result="hit"\} [1-9]/);
      expect(text).toContain('sasayaki_transcodes_running 0');
      expect(text).toContain('process_resident_memory_bytes');
      if (dialect === 'postgres') expect(text).toMatch(/sasayaki_db_pool_connections\{state="total"\} [1-9]/);
      // Unmatched URLs share one label: a scan of random paths cannot grow the label set.
      await ta.app.inject({ url: '/no/such/page-1' });
      await ta.app.inject({ url: '/no/such/page-2' });
      expect((await scrape()).body).not.toContain('page-1');
    });

    it('answers loopback and the trusted proxies, 404 to others, 401 without the token once one is set', async () => {
      expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
      expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
      // Relayed by a proxy that is not trusted: not local, whatever the peer address.
      const relayed = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } };
      expect((await scrape(relayed)).statusCode).toBe(404);
      await api().send('PUT', '/api/admin/settings', { changes: { trustProxy: ['10.0.0.0/8'] } });
      expect((await scrape({ remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
      const viaProxy = { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '203.0.113.9' } };
      expect((await scrape(viaProxy)).statusCode).toBe(404);
      const token = 'prometheus-scrape-token-0123456789';
      await api().send('PUT', '/api/admin/settings', { changes: { metricsToken: token } });
      const outside = await scrape({ remoteAddress: '203.0.113.9' });
      expect(outside.statusCode).toBe(401);
      expect(outside.json().code).toBe('METRICS_TOKEN');
      const wrong = await scrape({
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await scrape({
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect((await scrape(viaProxy)).statusCode).toBe(401);
      expect((await scrape({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      await api().send('PUT', '/api/admin/settings', { changes: { metricsToken: null, trustProxy: null } });
    });
  });
});
