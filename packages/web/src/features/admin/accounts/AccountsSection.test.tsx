/**
 * Accounts against a stand-in API on 127.0.0.1 that keeps its accounts: the list and its search,
 * the guest switch, a group changed, an account disabled and enabled, a password reset (shown
 * once or mailed), an account deleted after its impact is shown, and refusals said once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type Reply, type SeenRequest } from '../../../../test/fakeApi.ts';
import {
  answering,
  asked,
  notices,
  pagination,
  renderConsole,
  shows,
} from '../../../../test/renderConsole.tsx';
import { AccountsSection } from './AccountsSection.tsx';

const api = fakeApi();
const ACCOUNTS = '/api/admin/accounts';

interface Account {
  id: number;
  name: string;
  group: 'user' | 'guest' | 'administrator';
  email: string | null;
  disabled: boolean;
  builtin: boolean;
}

let accounts: Account[] = [];
const account = (id: number, name: string, over: Partial<Account> = {}): Account => ({
  id,
  name,
  group: 'user',
  email: null,
  disabled: false,
  builtin: false,
  ...over,
});

/** The server's accounts: listed (searched by `q`), changed by the console's calls. */
function server(overrides: Record<string, Reply | ((req: SeenRequest) => Reply)> = {}) {
  const at = Date.UTC(2026, 10, 27);
  const find = (req: SeenRequest) => accounts.find((a) => a.id === Number(req.url.split('/')[4])) as Account;
  answering(api, {
    [`GET ${ACCOUNTS}`]: (req) => {
      const q = new URL(req.url, 'http://x').searchParams.get('q') ?? '';
      const found = accounts.filter((a) => a.name.includes(q) || (a.email ?? '').includes(q));
      const rows = found.map((a) => ({ ...a, createdAt: at, lastSeenAt: a.id === 2 ? null : at }));
      return { body: { accounts: rows, pagination: pagination(found.length) } };
    },
    'POST /api/admin/accounts/2/group': (req) => {
      find(req).group = (req.body as { group: Account['group'] }).group;
      return { body: { message: 'ok' } };
    },
    'POST /api/admin/accounts/2/disabled': (req) => {
      find(req).disabled = (req.body as { disabled: boolean }).disabled;
      return { body: { message: 'ok' } };
    },
    'POST /api/admin/accounts/1/disabled': (req) => {
      find(req).disabled = (req.body as { disabled: boolean }).disabled;
      return { body: { message: 'ok' } };
    },
    'POST /api/admin/accounts/2/reset-password': { body: { delivery: 'shown', password: 'abcdefgh2345jk' } },
    'POST /api/admin/accounts/3/reset-password': { body: { delivery: 'mail' } },
    'GET /api/admin/accounts/2/impact': {
      body: { reviews: 1, playlists: 2, tagVotes: 0, playlistLikes: 1, feedback: 1 },
    },
    'DELETE /api/admin/accounts/2': (req) => {
      accounts = accounts.filter((a) => a !== find(req));
      return { body: { message: 'ok' } };
    },
    ...overrides,
  });
}

beforeEach(() => {
  accounts = [
    account(1, 'guest', { group: 'guest', builtin: true }),
    account(2, 'member1'),
    account(3, 'mailer', { email: 'mailer@example.test' }),
    account(4, 'admin1', { group: 'administrator' }),
  ];
});

const row = (name: string) =>
  screen
    .getAllByTestId('account-row')
    .find((r) => r.firstChild?.firstChild?.textContent === name) as HTMLElement;
const posts = () => api.seen.filter((r) => r.method !== 'GET').map((r) => [`${r.method} ${r.url}`, r.body]);
const refused = (code: string, error = code) => ({ status: 409, body: { error, code } });

describe('accounts: the list', { timeout: 30_000 }, () => {
  it('lists the accounts with their group, email, state, and the viewer’s own marked', async () => {
    accounts[1]!.disabled = true;
    server();
    renderConsole(<AccountsSection />);
    expect(await shows('4 accounts')).toBeInTheDocument();
    expect(asked(api, 'GET', ACCOUNTS)).toContain(`${ACCOUNTS}?page=1&pageSize=20`);
    expect(row('member1')).toHaveTextContent('Disabled');
    expect(row('member1')).toHaveTextContent('No email');
    expect(row('member1')).toHaveTextContent('last seen never');
    expect(row('mailer')).toHaveTextContent('mailer@example.test');
    expect(within(row('admin1')).getByText('you')).toBeInTheDocument();
    expect(within(row('admin1')).getByRole('combobox', { name: 'Group' })).toHaveTextContent('Administrator');
    // One's own account cannot be disabled, deleted or demoted here (the server refuses it).
    expect(within(row('admin1')).getByRole('button', { name: 'Disable' })).toBeDisabled();
    expect(within(row('admin1')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(row('admin1')).getByRole('combobox', { name: 'Group' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(row('member1')).getByRole('combobox', { name: 'Group' })).not.toHaveAttribute(
      'aria-disabled',
    );
    // The guest's row offers no action: its switch is above.
    expect(within(row('guest')).queryAllByRole('button')).toEqual([]);
    expect(within(row('guest')).getByTestId('guest-row-note')).toHaveTextContent(
      'The shared guest account: switch it on or off above.',
    );
    expect(within(row('guest')).getByRole('combobox', { name: 'Group' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('searches by name or email', async () => {
    server();
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'mail' } });
    expect(await shows('1 account')).toBeInTheDocument();
    expect(asked(api, 'GET', ACCOUNTS)).toContain(`${ACCOUNTS}?page=1&pageSize=20&q=mail`);
    expect(screen.getAllByTestId('account-row')).toHaveLength(1);
  });

  it('says when no account matches, and why the list could not be read', async () => {
    accounts = [];
    server();
    renderConsole(<AccountsSection />);
    expect(await shows('No account matches.')).toBeInTheDocument();
    server({ [`GET ${ACCOUNTS}`]: { status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } } });
    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'x' } });
    expect(await screen.findByTestId('list-error')).toHaveTextContent('Only administrators can do this.');
  });
});

describe('accounts: actions', { timeout: 30_000 }, () => {
  it('switches guest sign-in off and on, following the server', async () => {
    server();
    renderConsole(<AccountsSection />);
    const box = await screen.findByTestId('guest-switch');
    expect(asked(api, 'GET', ACCOUNTS)).toContain(`${ACCOUNTS}?page=1&pageSize=20&q=guest`);
    expect(box).toHaveTextContent('Guests can sign in (guest / guest)');
    fireEvent.click(within(box).getByRole('switch'));
    await waitFor(() => expect(box).toHaveTextContent('Guest sign-in is switched off'));
    expect(within(box).getByRole('switch')).not.toBeChecked();
    await waitFor(() => expect(within(box).getByRole('switch')).toBeEnabled());
    fireEvent.click(within(box).getByRole('switch'));
    await waitFor(() => expect(box).toHaveTextContent('Guests can sign in'));
    expect(posts()).toEqual([
      ['POST /api/admin/accounts/1/disabled', { disabled: true }],
      ['POST /api/admin/accounts/1/disabled', { disabled: false }],
    ]);
  });

  it('changes a group, says so, and shows it as the server has it', async () => {
    server();
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.mouseDown(within(row('member1')).getByRole('combobox', { name: 'Group' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // The guest group is the built-in guest's only.
    expect(options.map((o) => o.textContent)).toEqual(['User', 'Administrator']);
    fireEvent.click(options[1] as HTMLElement);
    await waitFor(() => expect(notices()).toEqual(['positive: Group changed: the account signs in again.']));
    expect(posts()).toEqual([['POST /api/admin/accounts/2/group', { group: 'administrator' }]]);
    await waitFor(() =>
      expect(within(row('member1')).getByRole('combobox', { name: 'Group' })).toHaveTextContent(
        'Administrator',
      ),
    );
  });

  it('shows a refused group change once, in words, and the group as it stays', async () => {
    server({ 'POST /api/admin/accounts/2/group': refused('LAST_ADMIN') });
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.mouseDown(within(row('member1')).getByRole('combobox', { name: 'Group' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Administrator' }),
    );
    await waitFor(() =>
      expect(notices()).toEqual([
        'negative: This is the last administrator: make another administrator first.',
      ]),
    );
    expect(within(row('member1')).getByRole('combobox', { name: 'Group' })).toHaveTextContent('User');
  });

  it('disables and enables an account', async () => {
    server();
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.click(within(row('member1')).getByRole('button', { name: 'Disable' }));
    // Enabled again once the list is read again.
    await waitFor(() => expect(within(row('member1')).getByRole('button', { name: 'Enable' })).toBeEnabled());
    expect(row('member1')).toHaveTextContent('Disabled');
    fireEvent.click(within(row('member1')).getByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(within(row('member1')).getByRole('button', { name: 'Disable' })).toBeEnabled(),
    );
    expect(row('member1')).not.toHaveTextContent('Disabled');
    expect(notices()).toEqual([
      'positive: Account disabled: its sessions have ended.',
      'positive: Account enabled.',
    ]);
    expect(posts()).toEqual([
      ['POST /api/admin/accounts/2/disabled', { disabled: true }],
      ['POST /api/admin/accounts/2/disabled', { disabled: false }],
    ]);
  });

  it('resets a password: shown once for an account without email, mailed otherwise', async () => {
    server();
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.click(within(row('member1')).getByRole('button', { name: 'Reset password' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/^This account has no email/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Reset' }));
    expect(await dialog.findByTestId('one-time-password')).toHaveTextContent('abcdefgh2345jk');
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row('mailer')).getByRole('button', { name: 'Reset password' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('A new password will be mailed to mailer@example.test. Their current sessions end.'),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Reset' }));
    expect(await dialog.findByText('The new password was mailed.')).toBeInTheDocument();
    expect(dialog.queryByTestId('one-time-password')).toBeNull();
    expect(posts().map(([call]) => call)).toEqual([
      'POST /api/admin/accounts/2/reset-password',
      'POST /api/admin/accounts/3/reset-password',
    ]);
  });

  it('deletes an account after showing what goes with it', async () => {
    server();
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.click(within(row('member1')).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByTestId('delete-impact')).toHaveTextContent(
      '1 review2 playlists0 tag votes1 playlist like',
    );
    expect(dialog.getByText('1 problem report stays, without the name.')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('account-row').map((r) => r.firstChild?.firstChild?.textContent)).toEqual([
      'guest',
      'mailer',
      'admin1',
    ]);
    expect(posts()).toEqual([['DELETE /api/admin/accounts/2', null]]);
    expect(notices()).toEqual(['positive: Account deleted.']);
  });

  it('keeps the dialog open with the refusal said once when a deletion is refused', async () => {
    server({ 'DELETE /api/admin/accounts/2': refused('CANNOT_DELETE_SELF') });
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.click(within(row('member1')).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByTestId('delete-impact');
    fireEvent.click(dialog.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(notices()).toEqual(['negative: You cannot delete your own account.']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeEnabled());
  });
});

describe('accounts: devices', { timeout: 30_000 }, () => {
  it('shows an account’s signed-in devices and signs it out everywhere', async () => {
    const at = Date.UTC(2026, 11, 1, 9, 30);
    let sessions = [
      {
        id: 'a',
        client: 'Firefox 140 on Linux',
        address: '203.0.113.7',
        createdAt: at,
        lastSeenAt: at,
        expiresAt: at + 1e9,
        current: false,
      },
      {
        id: 'b',
        client: '',
        address: '',
        createdAt: at,
        lastSeenAt: at,
        expiresAt: at + 1e9,
        current: false,
      },
    ];
    server({
      'GET /api/admin/accounts/2/sessions': () => ({ body: { sessions } }),
      'DELETE /api/admin/accounts/2/sessions': () => {
        const ended = sessions.length;
        sessions = [];
        return { body: { ended } };
      },
    });
    renderConsole(<AccountsSection />);
    await shows('4 accounts');
    fireEvent.click(within(row('member1')).getByRole('button', { name: 'Devices' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Devices signed in as member1')).toBeInTheDocument();
    const devices = await dialog.findAllByTestId('account-session');
    expect(devices).toHaveLength(2);
    expect(devices[0]).toHaveTextContent('Firefox 140 on Linux');
    expect(devices[0]).toHaveTextContent(/Last seen .*2026.* from 203\.0\.113\.7 · signed in/);
    expect(devices[1]).toHaveTextContent('Unknown browser or app');
    expect(devices[1]).toHaveTextContent('from —');
    fireEvent.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(notices()).toEqual(['positive: 2 devices signed out.']));
    expect(await dialog.findByText('Signed in nowhere.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Sign out everywhere' })).toBeDisabled();
    expect(posts()).toEqual([['DELETE /api/admin/accounts/2/sessions', null]]);
  });
});
