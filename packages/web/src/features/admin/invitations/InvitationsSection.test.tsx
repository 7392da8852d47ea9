/**
 * Invitations against a stand-in API on 127.0.0.1 that keeps its invitations: the link made once
 * with its note and days, the list with each status, an open one revoked, and refusals.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { answering, notices, renderConsole, shows } from '../../../../test/renderConsole.tsx';
import { InvitationsSection } from './InvitationsSection.tsx';

const api = fakeApi();
const INVITATIONS = '/api/admin/invitations';
const CODE = 'c'.repeat(43);
const AT = Date.UTC(2026, 10, 27, 12, 0);

const invitation = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  note: `for friend ${id}`,
  createdBy: 'admin1',
  createdAt: AT,
  expiresAt: AT + 7 * 86_400_000,
  status: 'open',
  usedAt: null,
  usedBy: null,
  ...over,
});

let invitations: ReturnType<typeof invitation>[] = [];

function server() {
  answering(api, {
    [`GET ${INVITATIONS}`]: () => ({ body: { invitations } }),
    [`POST ${INVITATIONS}`]: (req) => {
      const { note = '' } = req.body as { note?: string };
      invitations = [invitation(invitations.length + 10, { note }), ...invitations];
      return { body: { invitation: invitations[0], code: CODE } };
    },
    [`POST ${INVITATIONS}/2/revoke`]: () => {
      invitations = invitations.map((i) => (i.id === 2 ? { ...i, status: 'revoked' } : i));
      return { body: { message: 'ok' } };
    },
    [`POST ${INVITATIONS}/3/revoke`]: {
      status: 404,
      body: { error: 'gone', code: 'INVITATION_NOT_FOUND' },
    },
  });
}

beforeEach(() => {
  invitations = [
    invitation(4, { status: 'used', usedBy: 'akiko', usedAt: AT }),
    invitation(3),
    invitation(2, { note: '' }),
    invitation(1, { status: 'expired' }),
  ];
});

const row = (text: string) =>
  screen.getAllByTestId('invitation-row').find((r) => r.textContent?.startsWith(text)) as HTMLElement;

describe('invitations', { timeout: 30_000 }, () => {
  it('lists the invitations with their status, who made and who used them', async () => {
    server();
    renderConsole(<InvitationsSection />);
    expect(await shows('for friend 4')).toBeInTheDocument();
    expect(row('for friend 4')).toHaveTextContent('Used');
    expect(row('for friend 4')).toHaveTextContent('used by akiko');
    expect(row('for friend 3')).toHaveTextContent('Open');
    expect(row('for friend 3')).toHaveTextContent('By admin1');
    expect(row('for friend 3')).toHaveTextContent('open until');
    expect(row('Invitation #2')).toHaveTextContent('Open');
    expect(row('for friend 1')).toHaveTextContent('Expired');
    // Only an open invitation can be revoked.
    expect(within(row('for friend 4')).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(within(row('for friend 1')).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('makes a link with the note and the days, shows it once, and lists the new invitation', async () => {
    server();
    renderConsole(<InvitationsSection />);
    await shows('for friend 4');
    fireEvent.change(screen.getByLabelText('Note (who it is for)'), { target: { value: ' for Aki ' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Valid for' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '30 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByTestId('invitation-link')).toHaveValue(
      `${window.location.origin}/invite/${CODE}`,
    );
    expect(await shows('for Aki')).toBeInTheDocument();
    expect(screen.getByLabelText('Note (who it is for)')).toHaveValue('');
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { note: 'for Aki', days: 30 },
    ]);
  });

  it('revokes an open invitation and reads the list again', async () => {
    server();
    renderConsole(<InvitationsSection />);
    await shows('Invitation #2');
    fireEvent.click(within(row('Invitation #2')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(row('Invitation #2')).toHaveTextContent('Revoked'));
    expect(within(row('Invitation #2')).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(notices()).toEqual(['positive: Invitation revoked: the link no longer works.']);
  });

  it('says once why an invitation could not be revoked', async () => {
    server();
    renderConsole(<InvitationsSection />);
    await shows('for friend 3');
    fireEvent.click(within(row('for friend 3')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(notices()).toEqual(['negative: This invitation was already used or revoked.']),
    );
  });

  it('says there is none yet, and how to make one', async () => {
    invitations = [];
    server();
    renderConsole(<InvitationsSection />);
    expect(await shows(/^No invitation yet\./)).toBeInTheDocument();
  });
});
