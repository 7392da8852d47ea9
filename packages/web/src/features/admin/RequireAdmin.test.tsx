/**
 * The console's door: an administrator gets the section, everyone else is told why in words
 * (a visitor is offered the login, the guest the login as someone else), and a stored session
 * being checked waits instead of refusing.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../account/index.ts';
import { RequireAdmin } from './RequireAdmin.tsx';

const as = (name: string, group: 'user' | 'guest' | 'administrator') =>
  useAuth.setState({
    token: 't',
    checking: false,
    user: { loggedIn: true, name, group, email: null, recommenderUuid: 'u' },
  });

function open() {
  render(
    <MemoryRouter>
      <RequireAdmin>
        <p>the section</p>
      </RequireAdmin>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  useAuth.setState({ token: null, user: null, checking: false, dialogOpen: false });
});

describe('the console’s door', { timeout: 30_000 }, () => {
  it('lets an administrator in', () => {
    as('admin1', 'administrator');
    open();
    expect(screen.getByText('the section')).toBeInTheDocument();
    expect(screen.queryByTestId('console-refused')).toBeNull();
  });

  it('asks a visitor to log in, and opens the login', () => {
    useAuth.setState({ token: null, user: null, checking: false });
    open();
    expect(screen.getByTestId('console-refused')).toHaveTextContent('The console is for administrators.');
    expect(screen.queryByText('the section')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(useAuth.getState().dialogOpen).toBe(true);
  });

  it('tells the guest it is the shared account, and offers another login', () => {
    as('guest', 'guest');
    open();
    expect(screen.getByTestId('console-refused')).toHaveTextContent(
      'You are using the shared guest account.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in as administrator' }));
    expect(useAuth.getState().dialogOpen).toBe(true);
  });

  it('tells a listener by name that the console is not theirs', () => {
    as('member1', 'user');
    open();
    expect(screen.getByTestId('console-refused')).toHaveTextContent(
      'Your account (member1) is not an administrator.',
    );
    expect(screen.queryByRole('button', { name: 'Log in as administrator' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the library' })).toHaveAttribute('href', '/works');
  });

  it('waits while a stored session is checked', () => {
    useAuth.setState({ token: 't', user: null, checking: true });
    open();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByTestId('console-refused')).toBeNull();
  });
});
