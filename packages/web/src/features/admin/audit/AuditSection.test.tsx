/**
 * The audit log against a stand-in API on 127.0.0.1: each entry in words, the search by
 * administrator and the filter by the actions the log holds, and its empty and refused states.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { answering, asked, pagination, renderConsole, shows, url } from '../../../../test/renderConsole.tsx';
import { AuditSection } from './AuditSection.tsx';

const api = fakeApi();
const AUDIT = '/api/admin/audit';
const AT = Date.UTC(2026, 10, 27, 12, 0);

const ENTRIES = [
  {
    id: 7,
    at: AT,
    actor: 'admin1',
    action: 'account.group',
    target: 'mika',
    details: { group: 'administrator' },
  },
  { id: 6, at: AT, actor: '', action: 'library.rescan', target: '', details: { full: true } },
  { id: 5, at: AT, actor: 'admin1', action: 'plugin.install', target: 'x', details: {} },
];

function log(entries = ENTRIES, total = entries.length) {
  answering(api, {
    [`GET ${AUDIT}`]: {
      body: {
        entries,
        actions: ['account.group', 'library.rescan', 'plugin.install'],
        pagination: pagination(total),
      },
    },
  });
}

const entries = () => screen.getAllByTestId('audit-entry');

describe('the audit log', { timeout: 30_000 }, () => {
  it('shows each entry in words: who, what, on what, the details, and the count', async () => {
    log();
    renderConsole(<AuditSection />);
    expect(await shows('3 entries')).toBeInTheDocument();
    expect(asked(api, 'GET', AUDIT)).toEqual([`${AUDIT}?page=1&pageSize=20`]);
    const [group, rescan, unknown] = entries();
    expect(group).toHaveTextContent('admin1changed the group ofmika');
    expect(group).toHaveTextContent('group: Administrator');
    expect(group).toHaveTextContent('2026');
    // The server's own work has no administrator.
    expect(rescan).toHaveTextContent('(system)started a rescan');
    expect(rescan).toHaveTextContent('full: yes');
    // An action the app has no words for is shown as stored.
    expect(unknown).toHaveTextContent('admin1plugin.install');
  });

  it('asks for one administrator’s entries and one action’s, from the actions the log holds', async () => {
    log();
    renderConsole(<AuditSection />);
    await shows('3 entries');
    fireEvent.change(screen.getByLabelText('Administrator'), { target: { value: ' admin1 ' } });
    await waitFor(() =>
      expect(asked(api, 'GET', AUDIT).at(-1)).toBe(`${AUDIT}?page=1&pageSize=20&actor=admin1`),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    const menu = within(await screen.findByRole('listbox'));
    expect(menu.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All actions',
      'changed the group of',
      'started a rescan',
      'plugin.install',
    ]);
    fireEvent.click(menu.getByRole('option', { name: 'started a rescan' }));
    await waitFor(() =>
      expect(asked(api, 'GET', AUDIT).at(-1)).toBe(
        `${AUDIT}?page=1&pageSize=20&actor=admin1&action=library.rescan`,
      ),
    );
    expect(url()).toBe('/admin/section?q=admin1&action=library.rescan');
  });

  it('names the action of a link in words, though the log holds none of it', async () => {
    log([]);
    renderConsole(<AuditSection />, '/admin/section?action=review.hide');
    await shows('0 entries');
    expect(asked(api, 'GET', AUDIT)).toEqual([`${AUDIT}?page=1&pageSize=20&action=review.hide`]);
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('hid a review on');
  });

  it('pages through a long log', async () => {
    log(ENTRIES, 45);
    renderConsole(<AuditSection />);
    await shows('45 entries');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(asked(api, 'GET', AUDIT).at(-1)).toBe(`${AUDIT}?page=3&pageSize=20`));
  });

  it('says the log is empty, and what it will hold', async () => {
    log([]);
    renderConsole(<AuditSection />);
    expect(await shows(/^No entries\. Each change an administrator makes/)).toBeInTheDocument();
    expect(screen.getByText('0 entries')).toBeInTheDocument();
  });

  it('says why the log could not be read', async () => {
    answering(api, { [`GET ${AUDIT}`]: { status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } } });
    renderConsole(<AuditSection />);
    expect(await screen.findByTestId('list-error')).toHaveTextContent('Only administrators can do this.');
    expect(screen.queryByTestId('audit-entry')).toBeNull();
  });
});
