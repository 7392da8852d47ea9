/**
 * No secret in any log line, at the most talkative level: every sign-in kind of the web API
 * (first-run setup, password, guest, registration, invitation, reset, password change) and every
 * Subsonic sign-in form (u+p clear, enc:, app password, t+s, apiKey; GET and form POST, right and
 * wrong) run with the log at trace level; no password, token, code, app password, `t` or `s`
 * value appears, so no usable `t`+`s` pair either.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/logging.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { bearer, startTestApp } from '../helpers/testApp.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('redactUrl', () => {
  it('hides Subsonic credentials and enc: values under any name', () => {
    expect(redactUrl('/rest/ping?u=alice&p=pw&t=abc&s=salt&apiKey=k&v=1.16.1&c=DSub')).toBe(
      '/rest/ping?u=alice&p=[redacted]&t=[redacted]&s=[redacted]&apiKey=[redacted]&v=1.16.1&c=DSub',
    );
    expect(redactUrl('/rest/ping?u=a&P=x&other=enc:6869&more=enc%3A6869')).toBe(
      '/rest/ping?u=a&P=[redacted]&other=[redacted]&more=[redacted]',
    );
  });
});

describe.each(DIALECTS)('the request log at trace level (%s)', (dialect) => {
  it('holds no secret of any sign-in kind', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const ta = await startTestApp(dialect, {}, { logger: { level: 'trace', stream } });
    const secrets: string[] = [];
    const keep = <T extends string>(s: T): T => {
      secrets.push(s);
      return s;
    };
    const post = (url: string, payload: object, token?: string) =>
      ta.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
    try {
      // First run: the first administrator.
      const setup = await post('/api/setup', { name: 'root1', password: keep('Setup-Secret-1') });
      expect(setup.statusCode).toBe(200);
      const admin = keep(setup.json().token as string);
      // Password sign-in, right and wrong; the guest.
      keep((await post('/api/auth/me', { name: 'root1', password: 'Setup-Secret-1' })).json().token);
      await post('/api/auth/me', { name: 'root1', password: keep('Wrong-Secret-2') });
      keep((await post('/api/auth/me', { name: 'guest', password: 'guest' })).json().token);
      // Registration, and registration with an invitation.
      const reg = await post('/api/auth/reg', { name: 'member1', password: keep('Register-Secret-3') });
      const member = keep(reg.json().token as string);
      const inv = await post('/api/admin/invitations', { note: 'friend' }, admin);
      const code = keep(inv.json().code as string);
      const redeemed = await post('/api/invitations/register', {
        code,
        name: 'friend1',
        password: keep('Invite-Secret-4'),
      });
      expect(redeemed.statusCode).toBe(200);
      keep(redeemed.json().token);
      // Password change, and a reset through the outbox.
      const changed = await post(
        '/api/auth/change-password',
        { oldPassword: 'Register-Secret-3', newPassword: keep('Changed-Secret-5') },
        member,
      );
      expect(changed.statusCode).toBe(200);
      await createUser(ta.db, { name: 'mailer1', password: keep('Mail-Secret-6'), email: 'm@example.com' });
      const asked = await post('/api/auth/reset-password/request', { email: 'm@example.com' });
      const verifyId = keep(asked.json().verifyId as string);
      const outbox = fs.readFileSync(path.join(ta.config.dataDir, 'outbox.log'), 'utf8');
      const resetCode = keep(/Your code: (\d{6})/.exec(outbox)?.[1] as string);
      const reset = await post('/api/auth/reset-password/confirm', {
        verifyId,
        code: resetCode,
        password: keep('Reset-Secret-7'),
      });
      expect(reset.statusCode).toBe(200);
      keep(reset.json().token);

      // Subsonic, every form, by GET and by form POST.
      const made = await post('/api/auth/app-passwords', { name: 'phone' }, changed.json().token);
      const app = keep(made.json().secret as string);
      const salt = keep('c19b2d');
      const ping = async (params: Record<string, string>) => {
        const qs = new URLSearchParams({ v: '1.16.1', c: 'DSub', f: 'json', ...params });
        const get = await ta.app.inject({ url: `/rest/ping.view?${qs}` });
        await ta.app.inject({
          method: 'POST',
          url: '/rest/ping.view',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: qs.toString(),
        });
        return get.json()['subsonic-response'].status as string;
      };
      const hex = keep(Buffer.from('Changed-Secret-5').toString('hex'));
      expect(await ping({ u: 'member1', p: 'Changed-Secret-5' })).toBe('ok');
      expect(await ping({ u: 'member1', p: `enc:${hex}` })).toBe('ok');
      expect(await ping({ u: 'member1', p: app })).toBe('ok');
      expect(await ping({ u: 'member1', t: keep(md5(app + salt)), s: salt })).toBe('ok');
      expect(await ping({ apiKey: app })).toBe('ok');
      expect(await ping({ u: 'member1', p: keep('Wrong-Secret-8') })).toBe('failed');
      expect(await ping({ u: 'member1', t: keep(md5(`x${salt}`)), s: salt })).toBe('failed');
      // Media with ?token=.
      await ta.app.inject({ url: `/api/media/stream/1?token=${member}` });

      const log = lines.join('');
      expect(log).toContain('/rest/ping.view?v=1.16.1&c=DSub&f=json&u=member1&p=[redacted]');
      expect(lines.length).toBeGreaterThan(40);
      for (const secret of secrets)
        expect(log.includes(secret), `log holds ${secret.slice(0, 12)}…`).toBe(false);
    } finally {
      await ta.close();
    }
  });
});
