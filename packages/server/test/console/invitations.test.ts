/**
 * Invitations through the real HTTP API, on SQLite and PostgreSQL: an administrator makes a
 * one-time link; a friend registers with it while registration is closed; the code works once,
 * not after it expired or was revoked; every try counts against the address; the audit log has
 * each step. Who may call each route is the role matrix's business (hardening/roleMatrix.test.ts).
 */
import { INVITATION_CODE_PATTERN } from '@sasayaki/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIMIT } from '../../src/infra/limits/rateLimit.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp, tokenFor } from '../helpers/testApp.ts';

describe.each(DIALECTS)('invitations on %s', (dialect) => {
  let ta: TestApp;
  let admin: Record<string, string>;
  let address = 0;
  /** Each call from its own address unless one is given: the per-address limit has its own test. */
  const send = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ta.app.inject({
      method: 'POST',
      url,
      payload,
      headers,
      remoteAddress: remoteAddress ?? `10.80.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });
  const invite = async (body: object = {}) => {
    const r = await send('/api/admin/invitations', body, admin);
    expect(r.statusCode).toBe(200);
    return r.json() as { code: string; invitation: { id: number; status: string; expiresAt: number } };
  };
  const redeem = (code: string, name: string, password = 'friend-password', ip?: string) =>
    send('/api/invitations/register', { code, name, password }, {}, ip);

  beforeAll(async () => {
    ta = await startTestApp(dialect);
    const row = await createUser(ta.db, {
      name: 'host_admin',
      password: 'host-admin-pw',
      group: 'administrator',
    });
    admin = { authorization: `Bearer ${await tokenFor(ta, row.id)}` };
    await ta.app.ctx.settings.write({ registrationEnabled: false });
  }, 120_000);
  afterAll(() => ta?.close());

  it('lets a friend register once with the code while registration is closed', async () => {
    const closed = await send('/api/auth/reg', { name: 'stranger', password: 'stranger-pw' });
    expect(closed.json().code).toBe('REGISTRATION_CLOSED');

    const before = Date.now();
    const { code, invitation } = await invite({ note: 'for Aki', days: 3 });
    expect(code).toMatch(new RegExp(INVITATION_CODE_PATTERN));
    expect(invitation.status).toBe('open');
    expect(invitation.expiresAt).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(invitation.expiresAt).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);
    // Only a hash is stored.
    const stored = await ta.db.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code);

    expect((await send('/api/invitations/check', { code })).json()).toEqual({
      expiresAt: invitation.expiresAt,
    });
    // A refused name leaves the code usable.
    expect((await redeem(code, 'host_admin')).json().code).toBe('NAME_TAKEN');
    expect((await redeem(code, 'akiko', '123')).json().code).toBe('PASSWORD_TOO_SHORT');
    const ok = await redeem(code, 'akiko');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'akiko', group: 'user', loggedIn: true });
    const me = await ta.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${ok.json().token}` },
    });
    expect(me.json().user.name).toBe('akiko');

    // Once only: neither a second account nor a check.
    expect((await redeem(code, 'akiko-two')).json().code).toBe('INVITATION_INVALID');
    expect((await send('/api/invitations/check', { code })).statusCode).toBe(404);
    const list = (await ta.app.inject({ url: '/api/admin/invitations', headers: admin })).json();
    expect(list.invitations[0]).toMatchObject({
      id: invitation.id,
      note: 'for Aki',
      createdBy: 'host_admin',
      status: 'used',
      usedBy: 'akiko',
    });
    const audit = (
      await ta.app.inject({ url: '/api/admin/audit?action=invitation.use', headers: admin })
    ).json();
    expect(audit.entries[0]).toMatchObject({ actor: 'akiko', action: 'invitation.use', target: 'for Aki' });
    const made = (
      await ta.app.inject({ url: '/api/admin/audit?action=invitation.create', headers: admin })
    ).json();
    expect(made.entries[0]).toMatchObject({ actor: 'host_admin', target: 'for Aki' });
  });

  it('gives exactly one account when two redeem the same code at once', async () => {
    const { code } = await invite();
    const answers = await Promise.all([redeem(code, 'racer_one'), redeem(code, 'racer_two')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const made = await ta.db.selectFrom('users').select('name').where('name', 'like', 'racer_%').execute();
    expect(made).toHaveLength(1);
  });

  it('refuses a revoked or expired invitation, and an unknown code', async () => {
    const revoked = await invite({ note: 'changed my mind' });
    const r = await send(`/api/admin/invitations/${revoked.invitation.id}/revoke`, {}, admin);
    expect(r.statusCode).toBe(200);
    expect((await redeem(revoked.code, 'too_late')).json().code).toBe('INVITATION_INVALID');
    // Revoking twice, or revoking a used one, is refused.
    const again = await send(`/api/admin/invitations/${revoked.invitation.id}/revoke`, {}, admin);
    expect(again.json().code).toBe('INVITATION_NOT_FOUND');
    expect((await send('/api/admin/invitations/99999/revoke', {}, admin)).statusCode).toBe(404);

    const old = await invite({ days: 1 });
    await ta.db
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', old.invitation.id)
      .execute();
    expect((await redeem(old.code, 'expired_one')).json().code).toBe('INVITATION_INVALID');
    const list = (await ta.app.inject({ url: '/api/admin/invitations', headers: admin })).json().invitations;
    const statusOf = (id: number) => list.find((i: { id: number }) => i.id === id)?.status;
    expect(statusOf(revoked.invitation.id)).toBe('revoked');
    expect(statusOf(old.invitation.id)).toBe('expired');

    const unknown = await redeem('A'.repeat(43), 'guesser');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('INVITATION_INVALID');
    // Malformed codes and bodies are 400, never 500.
    expect((await redeem('short', 'guesser')).statusCode).toBe(400);
    expect((await send('/api/admin/invitations', { days: 0 }, admin)).statusCode).toBe(400);
    expect((await send('/api/admin/invitations', { days: 91 }, admin)).statusCode).toBe(400);
    expect((await send('/api/admin/invitations', { note: 'x'.repeat(201) }, admin)).statusCode).toBe(400);
  });

  it('counts every code an address tries, right or wrong', async () => {
    const { code } = await invite();
    const ip = '10.81.0.1';
    const answers = [];
    for (let i = 0; i < INVITATION_LIMIT.perAddress + 3; i++) {
      answers.push(
        await send(
          '/api/invitations/check',
          { code: `${String(i).padStart(3, '0')}${'B'.repeat(40)}` },
          {},
          ip,
        ),
      );
    }
    expect(answers.slice(0, INVITATION_LIMIT.perAddress).every((r) => r.statusCode === 404)).toBe(true);
    const limited = answers.slice(INVITATION_LIMIT.perAddress);
    expect(limited.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(limited[0]?.json().code).toBe('INVITATION_RATE_LIMITED');
    expect(limited[0]?.headers['retry-after']).toBeDefined();
    // The right code too, while the limit holds; another address is not held.
    expect((await redeem(code, 'patient', 'friend-password', ip)).statusCode).toBe(429);
    expect((await redeem(code, 'patient', 'friend-password', '10.81.0.2')).statusCode).toBe(200);
  });
});
