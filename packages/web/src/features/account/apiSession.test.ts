/**
 * The account's session as the API client uses it (connected at start-up), against a real HTTP
 * server on 127.0.0.1: the stored token is sent, and a token the server refuses logs the visitor
 * out and offers the login dialog.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, connectSession } from '../../shared/api/client.ts';
import { useNotifications } from '../../shared/notify/store.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { apiSession, clearSession, setSession, useAuth } from './store.ts';

let server: Server;
let auth: string | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    auth = req.headers.authorization;
    // The server refuses `tok-old` as it refuses an expired token.
    const status = auth === 'Bearer tok-old' ? 401 : 200;
    const body = status === 401 ? { error: 'jwt expired', code: 'JWT_EXPIRED' } : { message: 'ok' };
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  useSettings.getState().set({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => {
  useSettings.getState().set({ apiBaseUrl: '' });
  return new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
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
    expect(auth).toBe('Bearer tok123');
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
