/**
 * Sessions as rows: a logout, "sign out all others" and an administrator's "sign out everywhere"
 * end every spelling of the token — header, `?token=` (escaped or not), the media cookie — on
 * both dialects and, on PostgreSQL, on a second instance at its next request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, SESSIONS_PER_ACCOUNT } from '../../src/services/sessions.ts';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS, pgAvailable } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { bearer, startTestApp, type TestApp } from '../helpers/testApp.ts';

const AUDIO = Buffer.alloc(2000, 5);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** The other texts a lenient base64url decoder reads as the same token. */
function otherSpellings(t: string): string[] {
  const [h, b, s] = t.split('.') as [string, string, string];
  const last = s.at(-1) as string;
  const same = [...ALPHABET].filter(
    (c) => c !== last && ALPHABET.indexOf(c) >> 2 === ALPHABET.indexOf(last) >> 2,
  );
  return [`${t}=`, `${t}==`, ...same.map((c) => `${h}.${b}.${s.slice(0, -1)}${c}`)];
}

describe.each(DIALECTS)('sessions (%s)', (dialect) => {
  let ta: TestApp;
  let fileId: number;
  let adminToken: string;
  let aliceId: number;

  beforeAll(async () => {
    ta = await startTestApp(dialect, { allowAnonymousMedia: false });
    const root = ta.config.libraryRoots[0] as string;
    fs.mkdirSync(path.join(root, 'RJ01441166'), { recursive: true });
    fs.writeFileSync(path.join(root, 'RJ01441166', '01.mp3'), AUDIO);
    await seedWorks(ta.db, [
      {
        id: 1441166,
        title: 'work',
        folder_path: 'RJ01441166',
        files: [{ path: '01.mp3', type: 'audio', size: AUDIO.length, duration: 1 }],
      },
    ]);
    fileId = (await ta.db.selectFrom('files').select('id').executeTakeFirstOrThrow()).id;
    aliceId = (await createUser(ta.db, { name: 'alice', password: 'alice-password' })).id;
    await createUser(ta.db, { name: 'admin1', password: 'admin-password', group: 'administrator' });
    adminToken = (await signIn('admin1', 'admin-password')).token;
  });
  afterAll(() => ta.close());

  async function signIn(name: string, password: string, ua = FIREFOX) {
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name, password },
      headers: { 'user-agent': ua },
    });
    expect(res.statusCode).toBe(200);
    return {
      token: res.json().token as string,
      cookie: String(res.headers['set-cookie']).split(';')[0] as string,
    };
  }
  const alice = () => signIn('alice', 'alice-password');

  /** The status of every way a client can present the token (and its other spellings). */
  async function answers(token: string, cookie: string) {
    const me = (t: string) => ta.app.inject({ url: '/api/auth/me', headers: bearer(t) });
    const out: Record<string, number> = {};
    out.header = (await me(token)).statusCode;
    out.query = (await ta.app.inject({ url: `/api/auth/me?token=${token}` })).statusCode;
    out.cookie = (
      await ta.app.inject({ url: `/api/media/stream/${fileId}`, headers: { cookie } })
    ).statusCode;
    out.write = (
      await ta.app.inject({
        method: 'POST',
        url: '/api/playlist/create-playlist',
        headers: bearer(token),
        payload: { name: `list ${Math.random()}`, privacy: 0, description: '' },
      })
    ).statusCode;
    for (const [i, other] of otherSpellings(token).entries()) {
      out[`spelling${i}`] = (await me(other)).statusCode;
      out[`escaped${i}`] = (
        await ta.app.inject({ url: `/api/auth/me?token=${encodeURIComponent(other)}` })
      ).statusCode;
      out[`cookie${i}`] = (
        await ta.app.inject({
          url: `/api/media/stream/${fileId}`,
          headers: { cookie: `sasayaki_media=${other}` },
        })
      ).statusCode;
    }
    return out;
  }
  const allDead = (a: Record<string, number>) => Object.values(a).every((s) => s === 401);

  it('accepts only the canonical spelling, and logout ends every spelling', async () => {
    const { token, cookie } = await alice();
    const before = await answers(token, cookie);
    expect(before).toMatchObject({ header: 200, query: 200, cookie: 200, write: 200 });
    // Other spellings are refused even while the session lives.
    for (const [k, v] of Object.entries(before)) if (/\d$/.test(k)) expect(v, k).toBe(401);

    const out = await ta.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await answers(token, cookie);
    expect(allDead(after), JSON.stringify(after)).toBe(true);
  });

  it('lists devices with client, address and this device; signs one out', async () => {
    const phone = await signIn('alice', 'alice-password', IPHONE);
    const laptop = await alice();
    const res = await ta.app.inject({ url: '/api/auth/sessions', headers: bearer(laptop.token) });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as {
      id: string;
      client: string;
      address: string;
      current: boolean;
    }[];
    const mine = sessions.find((s) => s.current);
    expect(mine?.client).toBe('Firefox 140 on Linux');
    expect(mine?.address).toBe('127.0.0.1');
    const other = sessions.find((s) => s.client === 'Safari 18 on iOS');
    expect(other).toBeDefined();
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const end = await ta.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: bearer(laptop.token),
    });
    expect(end.statusCode).toBe(200);
    expect(allDead(await answers(phone.token, phone.cookie))).toBe(true);
    expect((await ta.app.inject({ url: '/api/auth/me', headers: bearer(laptop.token) })).statusCode).toBe(
      200,
    );
    // Another account's session, or one already ended: 404, nothing ended.
    const again = await ta.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: bearer(laptop.token),
    });
    expect(again.json().code).toBe('SESSION_NOT_FOUND');
    const adminsOwn = await ta.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${mine?.id}`,
      headers: bearer(adminToken),
    });
    expect(adminsOwn.json().code).toBe('SESSION_NOT_FOUND');
    expect((await ta.app.inject({ url: '/api/auth/me', headers: bearer(laptop.token) })).statusCode).toBe(
      200,
    );
  });

  it('signs out all other devices and keeps this one', async () => {
    const a = await alice();
    const b = await alice();
    const keep = await alice();
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/end-others',
      headers: bearer(keep.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    expect(allDead(await answers(a.token, a.cookie))).toBe(true);
    expect(allDead(await answers(b.token, b.cookie))).toBe(true);
    expect((await answers(keep.token, keep.cookie)).header).toBe(200);
  });

  it("lets an administrator list an account's sessions and sign it out everywhere, audited", async () => {
    const a = await alice();
    const b = await alice();
    const list = await ta.app.inject({
      url: `/api/admin/accounts/${aliceId}/sessions`,
      headers: bearer(adminToken),
    });
    expect(list.json().sessions.length).toBeGreaterThanOrEqual(2);
    expect(
      (
        await ta.app.inject({ url: `/api/admin/accounts/${aliceId}/sessions`, headers: bearer(a.token) })
      ).json().code,
    ).toBe('ADMIN_ONLY');
    const end = await ta.app.inject({
      method: 'DELETE',
      url: `/api/admin/accounts/${aliceId}/sessions`,
      headers: bearer(adminToken),
    });
    expect(end.statusCode).toBe(200);
    for (const s of [a, b]) expect(allDead(await answers(s.token, s.cookie))).toBe(true);
    const after = await ta.app.inject({
      url: `/api/admin/accounts/${aliceId}/sessions`,
      headers: bearer(adminToken),
    });
    expect(after.json().sessions).toEqual([]);
    const audit = await ta.app.inject({
      url: '/api/admin/audit?action=account.sessions.end',
      headers: bearer(adminToken),
    });
    expect(audit.json().entries[0]).toMatchObject({
      actor: 'admin1',
      action: 'account.sessions.end',
      target: 'alice',
    });
  });

  it('ends sessions on a password change, and keeps the new one', async () => {
    const old = await alice();
    const res = await ta.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(old.token),
      payload: { oldPassword: 'alice-password', newPassword: 'alice-password2' },
    });
    expect(res.statusCode).toBe(200);
    expect(allDead(await answers(old.token, old.cookie))).toBe(true);
    const fresh = res.json().token as string;
    const list = await ta.app.inject({ url: '/api/auth/sessions', headers: bearer(fresh) });
    expect(list.json().sessions).toHaveLength(1);
    await ta.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(fresh),
      payload: { oldPassword: 'alice-password2', newPassword: 'alice-password' },
    });
  });

  it(`keeps at most ${SESSIONS_PER_ACCOUNT} sessions an account, ending the one seen least lately`, async () => {
    const first = await alice();
    for (let i = 0; i < SESSIONS_PER_ACCOUNT; i++) await alice();
    const count = await ta.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(SESSIONS_PER_ACCOUNT);
    expect((await ta.app.inject({ url: '/api/auth/me', headers: bearer(first.token) })).statusCode).toBe(401);
  });

  it('sweeps expired sessions at the next sign-in', async () => {
    await ta.db.updateTable('sessions').set({ expires_at: 1 }).where('user_id', '=', aliceId).execute();
    await signIn('admin1', 'admin-password');
    const left = await ta.db.selectFrom('sessions').select('id').where('user_id', '=', aliceId).execute();
    expect(left).toEqual([]);
  });

  it('gives the guest account no device list', async () => {
    const guest = await signIn('guest', 'guest');
    const res = await ta.app.inject({ url: '/api/auth/sessions', headers: bearer(guest.token) });
    expect(res.json().code).toBe('GUEST_SESSIONS');
  });
});

describe('client names', () => {
  it('reads browser and system from a User-Agent, else keeps it short', () => {
    expect(clientOf(FIREFOX)).toBe('Firefox 140 on Linux');
    expect(clientOf(IPHONE)).toBe('Safari 18 on iOS');
    expect(clientOf('')).toBe('');
    expect(clientOf('x'.repeat(300))).toHaveLength(80);
  });
});

describe.runIf(pgAvailable)('sessions on two PostgreSQL instances', () => {
  it('a logout on one is seen by the other at its next request', async () => {
    const a = await startTestApp('postgres', { libraryRoots: [] });
    const b = await startTestApp('postgres', { libraryRoots: [] }, { database: a.db });
    try {
      await createUser(a.db, { name: 'carol', password: 'carol-password' });
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'carol', password: 'carol-password' },
      });
      const token = login.json().token as string;
      expect((await b.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
      await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect((await b.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
      expect((await b.app.inject({ url: `/api/auth/me?token=${token}%3D` })).statusCode).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
