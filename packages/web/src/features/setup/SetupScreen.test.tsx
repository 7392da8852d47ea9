/**
 * The first-run form against a stand-in API on 127.0.0.1: its rules before anything is sent, what
 * it sends, the session it opens, and the browser that came second.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { useNotifications } from '../../shared/notify/store.ts';
import { getSettings } from '../../shared/settings/store.ts';
import { useAuth } from '../account/index.ts';
import { SetupScreen } from './SetupScreen.tsx';

const api = fakeApi();
const admin = { loggedIn: true, name: 'admin1', group: 'administrator', email: null, recommenderUuid: 'u' };

afterEach(() => {
  cleanup();
  // Signed out again: the next test starts without the session the last one opened.
  localStorage.clear();
  useAuth.setState({ token: null, user: null });
});

function fill(name: string, password: string, repeat: string) {
  fireEvent.change(screen.getByLabelText('Administrator name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Password again'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Create administrator' }));
}

describe('setup screen', () => {
  it('shows every failed rule once submitted, and sends nothing', async () => {
    render(<SetupScreen onDone={() => {}} languageMenu={null} />);
    expect(screen.queryByText('The username needs at least 5 characters')).toBeNull();
    fill('ab', 'abc', 'abd');
    expect(screen.getByText('The username needs at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('The password needs at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    // A request would have arrived by the time a short wait is over.
    await new Promise((r) => setTimeout(r, 100));
    expect(api.seen).toEqual([]);
  }, 15_000);

  it('creates the administrator with the trimmed name, signs in and reports it was this browser', async () => {
    api.answer = (req) => (req.url === '/api/setup' ? { body: { token: 'tok-admin', user: admin } } : {});
    const onDone = vi.fn();
    render(<SetupScreen onDone={onDone} languageMenu={null} />);
    fill('  admin1 ', 'secret1', 'secret1');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(api.seen[0]).toEqual({
      method: 'POST',
      url: '/api/setup',
      body: { name: 'admin1', password: 'secret1' },
    });
    expect(useAuth.getState().token).toBe('tok-admin');
  }, 15_000);

  it('sets the new administrator’s quick-mark playlist without a notice about a reset', async () => {
    api.answer = (req) =>
      req.url === '/api/setup'
        ? { body: { token: 'tok-admin', user: admin } }
        : req.url.startsWith('/api/playlist/get-default-mark-target-playlist')
          ? { body: { id: 'pl-1', name: '__SYS_PLAYLIST_MARKED' } }
          : {};
    const onDone = vi.fn();
    render(<SetupScreen onDone={onDone} languageMenu={null} />);
    fill('admin1', 'secret1', 'secret1');
    await waitFor(() =>
      expect(getSettings().quickMarkTargetPlaylist).toEqual({ id: 'pl-1', name: '__SYS_PLAYLIST_MARKED' }),
    );
    expect(useNotifications.getState().items.map((n) => n.message)).not.toContainEqual(
      expect.stringMatching(/Quick-mark/),
    );
  }, 15_000);

  it('says so when another browser created the administrator first, and continues as not its own', async () => {
    api.answer = () => ({ status: 409, body: { error: 'setup done', code: 'SETUP_DONE' } });
    const onDone = vi.fn();
    render(<SetupScreen onDone={onDone} languageMenu={null} />);
    fill('admin1', 'secret1', 'secret1');
    expect(await screen.findByTestId('setup-lost')).toBeInTheDocument();
    expect(useAuth.getState().token).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the library' }));
    expect(onDone).toHaveBeenCalledWith(false);
  }, 15_000);

  it("shows any other refusal's text and lets the form be sent again", async () => {
    api.answer = () => ({ status: 400, body: { error: 'name taken', code: 'NAME_TAKEN' } });
    render(<SetupScreen onDone={() => {}} languageMenu={null} />);
    fill('admin1', 'secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This user name is already taken.');
    expect(screen.queryByTestId('setup-lost')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create administrator' })).toBeEnabled();
  }, 15_000);
});
