/**
 * First run: while no administrator exists anyone may create the first one, exactly once — two
 * or more browsers submitting together give one administrator and SETUP_DONE for the others.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../src/services/users.ts';
import { DIALECTS } from '../helpers/db.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const administrators = (ta: TestApp) =>
  ta.db.selectFrom('users').select('name').where('grp', '=', 'administrator').execute();

describe.each(DIALECTS)('first run (%s)', (dialect) => {
  let ta: TestApp;
  beforeEach(async () => {
    ta = await startTestApp(dialect);
  });
  afterEach(() => ta.close());

  const setup = (name: string, password = 'first-secret') =>
    ta.app.inject({ method: 'POST', url: '/api/setup', payload: { name, password } });

  it('is needed until the first administrator is made, who is signed in', async () => {
    expect((await ta.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: true });
    const res = await setup('owner');
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({ name: 'owner', group: 'administrator', loggedIn: true });
    expect(res.headers['set-cookie']).toBeDefined();
    const me = await ta.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user).toMatchObject({ name: 'owner', group: 'administrator' });
    expect((await ta.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: false });
    const again = await setup('intruder');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SETUP_DONE');
    expect(await administrators(ta)).toEqual([{ name: 'owner' }]);
  });

  it('makes exactly one administrator when several submit at once', async () => {
    const answers = await Promise.all(['alpha', 'bravo', 'charlie', 'delta'].map((n) => setup(n)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('SETUP_DONE');
    const winner = answers.find((a) => a.statusCode === 200)!.json().user.name;
    expect(await administrators(ta)).toEqual([{ name: winner }]);
    // The losers got no account either.
    const names = await ta.db.selectFrom('users').select('name').execute();
    expect(names.map((n) => n.name).sort()).toEqual(['guest', winner].sort());
  });

  it('refuses a bad name or password and writes nothing', async () => {
    const short = await setup('owner', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    const taken = await setup('guest');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NAME_TAKEN');
    expect(await administrators(ta)).toEqual([]);
    expect((await ta.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: true });
  });

  it('is done when the command line made the administrator', async () => {
    await createUser(ta.db, { name: 'cliadmin', password: 'cli-secret', group: 'administrator' });
    expect((await ta.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: false });
    expect((await setup('late')).json().code).toBe('SETUP_DONE');
  });
});
