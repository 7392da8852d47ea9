/**
 * The invitation page against a stand-in API on 127.0.0.1: the code is checked before the form
 * shows, the form's rules hold before anything is sent, and a registration opens the library.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { useAuth } from '../account/index.ts';
import { InvitePage } from './InvitePage.tsx';

const api = fakeApi();
const CODE = 'a'.repeat(43);
const EXPIRES = Date.UTC(2031, 4, 6, 12, 0);
const user = { loggedIn: true, name: 'guest1', group: 'user', email: null, recommenderUuid: 'u' };
const INVALID = 'This invitation link is unknown, already used, revoked or expired. Ask for a new one.';

afterEach(() => {
  cleanup();
  // Signed out again: the next test starts without the session the last one opened.
  localStorage.clear();
  useAuth.setState({ token: null, user: null });
});

function open(code: string) {
  render(
    <MemoryRouter initialEntries={[`/invite/${code}`]}>
      <Routes>
        <Route path="/invite/:code" element={<InvitePage />} />
        <Route path="/works" element={<p>the library</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function fill(name: string, password: string, repeat: string) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Password again'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
}

/** Open invitations answer their expiry; registration answers a session. */
const openInvitation = () => {
  api.answer = (req) =>
    req.url === '/api/invitations/check'
      ? { body: { expiresAt: EXPIRES } }
      : req.url === '/api/invitations/register'
        ? { body: { token: 'tok-invited', user } }
        : {};
};

describe('invitation page', () => {
  it('refuses a malformed code without asking the server', async () => {
    open('short');
    expect(await screen.findByTestId('invite-invalid')).toHaveTextContent(INVALID);
    expect(screen.queryByTestId('invite-form')).toBeNull();
    expect(api.seen).toEqual([]);
  });

  it("shows the server's refusal of a used or unknown code", async () => {
    api.answer = () => ({ status: 404, body: { error: 'invalid', code: 'INVITATION_INVALID' } });
    open(CODE);
    expect(await screen.findByTestId('invite-invalid')).toHaveTextContent(INVALID);
    expect(api.seen).toEqual([{ method: 'POST', url: '/api/invitations/check', body: { code: CODE } }]);
  });

  it('shows the form with the expiry once the code is open, and its rules before sending', async () => {
    openInvitation();
    open(CODE);
    expect(await screen.findByTestId('invite-form')).toHaveTextContent(/2031/);
    fill('ab', 'abcdef', 'abcdeg');
    expect(screen.getByText('The username needs at least 5 characters')).toBeInTheDocument();
    expect(screen.queryByText('The password needs at least 5 characters')).toBeNull();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(api.seen.map((s) => s.url)).toEqual(['/api/invitations/check']);
  }, 15_000);

  it('registers with the code and the trimmed name, signs in and opens the library', async () => {
    openInvitation();
    open(CODE);
    await screen.findByTestId('invite-form');
    fill(' guest1  ', 'secret1', 'secret1');
    expect(await screen.findByText('the library')).toBeInTheDocument();
    expect(api.seen[1]).toEqual({
      method: 'POST',
      url: '/api/invitations/register',
      body: { code: CODE, name: 'guest1', password: 'secret1' },
    });
    expect(useAuth.getState().token).toBe('tok-invited');
  }, 15_000);

  it("stays on the form with the server's text when the registration is refused", async () => {
    api.answer = (req) =>
      req.url === '/api/invitations/check'
        ? { body: { expiresAt: EXPIRES } }
        : { status: 400, body: { error: 'name taken', code: 'NAME_TAKEN' } };
    open(CODE);
    await screen.findByTestId('invite-form');
    fill('guest1', 'secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This user name is already taken.');
    expect(screen.queryByText('the library')).toBeNull();
    expect(useAuth.getState().token).toBeNull();
  }, 15_000);
});
