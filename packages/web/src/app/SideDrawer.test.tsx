/**
 * An action of the drawer over the page runs once the drawer has closed: a dialog opened while it
 * was still sliding away could be left aria-hidden by the UI kit's stack of modals.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const account = vi.hoisted(() => ({ openLoginDialog: vi.fn() }));
vi.mock('../features/account/index.ts', async (original) => ({
  ...(await original<typeof import('../features/account/index.ts')>()),
  openLoginDialog: account.openLoginDialog,
}));

const { SideDrawer } = await import('./SideDrawer.tsx');

function Shell({ push }: { push: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <MemoryRouter>
      <span data-testid="drawer-state">{open ? 'open' : 'closed'}</span>
      <SideDrawer open={open} push={push} onClose={() => setOpen(false)} />
    </MemoryRouter>
  );
}

describe('SideDrawer', () => {
  afterEach(cleanup);

  it('over the page, opens the login dialog once the drawer has slid away', async () => {
    account.openLoginDialog.mockClear();
    render(<Shell push={false} />);
    fireEvent.click(screen.getByText('Register or log in'));
    expect(screen.getByTestId('drawer-state').textContent).toBe('closed');
    expect(account.openLoginDialog).not.toHaveBeenCalled();
    await waitFor(() => expect(account.openLoginDialog).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('side-drawer')).toBeNull();
  });

  it('pushed beside the page, opens it at once and stays open', () => {
    account.openLoginDialog.mockClear();
    render(<Shell push />);
    fireEvent.click(screen.getByText('Register or log in'));
    expect(account.openLoginDialog).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('drawer-state').textContent).toBe('open');
  });
});
