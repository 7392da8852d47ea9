/**
 * The account's session as the API client uses it (connected at start-up), against a real HTTP
 * server on 127.0.0.1: the stored token is sent, and a token the server refuses logs the visitor
 * out and offers the login dialog.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { call, connectSession } from '../../shared/api/client.ts';
import { useNotifications } from '../../shared/notify/store.ts';
import { apiSession, clearSession, setSession, useAuth } from './store.ts';

const api = fakeApi();

beforeEach(() => {
  // The server refuses `tok-old` as it refuses an expired token.
  api.answer = (req) =>
    req.authorization === 'Bearer tok-old'
      ? { status: 401, body: { error: 'jwt expired', code: 'JWT_EXPIRED' } }
      : { body: { message: 'ok' } };
  connectSession(apiSession);
  clearSession();
  useAuth.setState({ dialogOpen: false });
  useNotifications.setState({ items: [] });
});

const user = { loggedIn: true, name: 'alice', group: 'user', email: null, recommenderUuid: 'u' };

describe('the session of the API client', () => {
  it('sends the token of the logged-in user', async () => {
    setSession('tok123', user);
    await call('POST /api/auth/logout', {});
    expect(api.seen.map((r) => r.authorization)).toEqual(['Bearer tok123']);
  });

  it("'jwt expired' clears the session and the notification's login opens the dialog", async () => {
    setSession('tok-old', user);
    await expect(call('POST /api/auth/logout', {}, { silent: true })).rejects.toThrow();
    expect(useAuth.getState().token).toBeNull();
    expect(useAuth.getState().user).toBeNull();
    expect(localStorage.getItem('jwt-token')).toBeNull();
    useNotifications.getState().items[0]?.action?.onClick();
    expect(useAuth.getState().dialogOpen).toBe(true);
  });
});
