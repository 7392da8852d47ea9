/**
 * Email link and password reset through a real SMTP server on 127.0.0.1 (smtp-server), and the
 * outbox file when no SMTP server is configured.
 */
import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/config.ts';
import { DIALECTS } from '../helpers/db.ts';
import { account, bearer, login, startTestApp, type TestApp } from '../helpers/testApp.ts';

interface Received {
  to: string[];
  raw: string;
}

function startSmtp(port: number): Promise<{ server: SMTPServer; inbox: Received[] }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, inbox }));
  });
}

const codeIn = (raw: string) => {
  const m = /Your code: (\d{6})/.exec(raw);
  if (!m) throw new Error(`no code in mail: ${raw.slice(0, 300)}`);
  return m[1]!;
};

describe.each(DIALECTS)('mail flows (%s)', (dialect) => {
  const port = dialect === 'sqlite' ? 9325 : 9326;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const post = (url: string, payload: object, headers = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers, remoteAddress });

  beforeAll(async () => {
    smtp = await startSmtp(port);
    t = await startTestApp(dialect, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Sasayaki <mail@sasayaki.test>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => smtp.server.close(() => r()));
  });

  it('links an email with the mailed code, counting wrong tries', async () => {
    const alice = await account(t, 'alice');
    const req = await post('email/request-link', { email: 'Alice@Example.org' }, alice);
    expect(req.statusCode).toBe(200);
    const { verifyId } = req.json();
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.to).toEqual(['alice@example.org']);
    expect(smtp.inbox[0]!.raw).toMatch(/^From: Sasayaki <mail@sasayaki\.test>/m);
    const code = codeIn(smtp.inbox[0]!.raw);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('email/verify', { verifyId, code: wrongCode }, alice);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'not verified yet',
      code: 'NOT_VERIFIED',
      details: { attemptsLeft: 4 },
    });
    const ok = await post('email/verify', { verifyId, code }, alice);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('alice@example.org');
    const again = await post('email/verify', { verifyId, code }, alice);
    expect(again.json()).toEqual({ error: 'verify id expired', code: 'VERIFY_EXPIRED' });
    const twice = await post('email/request-link', { email: 'other@example.org' }, alice);
    expect(twice.json()).toEqual({ error: 'must unlink email first', code: 'MUST_UNLINK_EMAIL' });

    const bob = await account(t, 'bobby');
    const taken = await post('email/request-link', { email: 'alice@example.org' }, bob);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'email already linked to another user', code: 'EMAIL_TAKEN' });
    const bad = await post('email/request-link', { email: 'not-an-email' }, bob);
    expect(bad.json()).toEqual({ error: 'Please enter a valid email address.', code: 'BAD_EMAIL' });
    const guest = bearer(await login(t.app, 'guest', 'guest'));
    expect((await post('email/request-link', { email: 'g@example.org' }, guest)).json()).toEqual({
      error: 'guest cannot link email',
      code: 'GUEST_EMAIL',
    });
  });

  it('drops a verification after five wrong codes', async () => {
    const carol = await account(t, 'carol');
    const { verifyId } = (await post('email/request-link', { email: 'carol@example.org' }, carol)).json();
    const code = codeIn(smtp.inbox.at(-1)!.raw);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let left = 4; left >= 0; left--) {
      const res = await post('email/verify', { verifyId, code: wrongCode }, carol);
      expect(res.json()).toEqual({
        error: 'not verified yet',
        code: 'NOT_VERIFIED',
        details: { attemptsLeft: left },
      });
    }
    const late = await post('email/verify', { verifyId, code }, carol);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: 'verify id expired', code: 'VERIFY_EXPIRED' });
    // Another user cannot use someone's verifyId.
    const other = await account(t, 'daveo');
    const { verifyId: v2 } = (await post('email/request-link', { email: 'carol@example.org' }, carol)).json();
    const stolen = await post('email/verify', { verifyId: v2, code: codeIn(smtp.inbox.at(-1)!.raw) }, other);
    expect(stolen.json()).toEqual({ error: 'verify id expired', code: 'VERIFY_EXPIRED' });
  });

  it('resets a password with a mailed code and ends older sessions', async () => {
    const oldToken = await login(t.app, 'alice', 'alice-password');
    const mailed = smtp.inbox.length;
    const req = await post('reset-password/request', { email: 'alice@example.org' });
    expect(req.statusCode).toBe(200);
    expect(req.json().message).toBe('if the account has a linked email, a reset code was sent to it');
    // The mail goes out after the answer.
    await expect.poll(() => smtp.inbox.length).toBe(mailed + 1);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toEqual(['alice@example.org']);
    const res = await post('reset-password/confirm', {
      verifyId: req.json().verifyId,
      code: codeIn(mail.raw),
      password: 'brand-new',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('alice');
    expect(await login(t.app, 'alice', 'brand-new')).toBeTruthy();
    const stale = await t.app.inject({ url: '/api/auth/me', headers: bearer(oldToken) });
    expect(stale.json()).toEqual({ error: 'jwt expired', code: 'JWT_EXPIRED' });
  });

  it('answers reset requests alike whether or not the account exists or has an email', async () => {
    await account(t, 'frank');
    const answers = [];
    for (const who of [
      { email: 'alice@example.org' },
      { email: 'nobody@example.org' },
      { name: 'frank' },
      { name: 'nobody-here' },
    ]) {
      const res = await post('reset-password/request', who, {});
      expect(res.statusCode).toBe(200);
      const { verifyId, message } = res.json();
      expect(verifyId).toMatch(/^[0-9a-f-]{36}$/);
      // Confirming answers alike too: a wrong code counts down, then the id expires.
      const wrong = await post('reset-password/confirm', { verifyId, code: '1234567', password: 'whatever' });
      answers.push({ status: res.statusCode, message, wrong: [wrong.statusCode, wrong.json()] });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.wrong).toEqual([
      400,
      { error: 'not verified yet', code: 'NOT_VERIFIED', details: { attemptsLeft: 4 } },
    ]);
  });

  it('checks at most five codes of one reset, however many guesses arrive at once', async () => {
    await account(t, 'gina1', { email: 'gina@example.org' });
    const req = await post('reset-password/request', { name: 'gina1' });
    await expect.poll(() => smtp.inbox.some((m) => m.to.includes('gina@example.org'))).toBe(true);
    const code = codeIn(smtp.inbox.findLast((m) => m.to.includes('gina@example.org'))!.raw);
    const { verifyId } = req.json();
    const guesses = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    // From many addresses, so the per-address confirmation limit is not what stops them.
    const answers = await Promise.all(
      guesses.map((g, i) =>
        post('reset-password/confirm', { verifyId, code: g, password: 'guessed-it' }, {}, `10.40.0.${i}`),
      ),
    );
    const checked = answers.filter((a) => a.statusCode === 400);
    expect(checked).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 410)).toHaveLength(25);
    expect(checked.map((a) => a.json().details.attemptsLeft).sort()).toEqual([0, 1, 2, 3, 4]);
    // The right code comes too late: the verification is spent.
    const late = await post(
      'reset-password/confirm',
      { verifyId, code, password: 'owner-again' },
      {},
      '10.40.1.1',
    );
    expect(late.statusCode).toBe(410);
  });

  it('accepts the right code once when it is sent twice at the same time', async () => {
    await account(t, 'hana1', { email: 'hana@example.org' });
    const req = await post('reset-password/request', { name: 'hana1' });
    await expect.poll(() => smtp.inbox.some((m) => m.to.includes('hana@example.org'))).toBe(true);
    const code = codeIn(smtp.inbox.findLast((m) => m.to.includes('hana@example.org'))!.raw);
    const { verifyId } = req.json();
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        post('reset-password/confirm', { verifyId, code, password: 'new-password' }, {}, `10.41.0.${i}`),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('writes mail to the outbox file when no SMTP server is configured', async () => {
    const local = await startTestApp(dialect);
    try {
      const erin = await account(local, 'erinn');
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-link',
        headers: erin,
        payload: { email: 'erin@example.org' },
      });
      expect(res.statusCode).toBe(200);
      const outbox = fs.readFileSync(paths.outbox(local.config), 'utf8');
      expect(outbox).toMatch(/^To: erin@example\.org$/m);
      const ok = await local.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        headers: erin,
        payload: { verifyId: res.json().verifyId, code: codeIn(outbox) },
      });
      expect(ok.json().user.email).toBe('erin@example.org');
    } finally {
      await local.close();
    }
  });
});
