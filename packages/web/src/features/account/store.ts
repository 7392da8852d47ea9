import type { User } from '@sasayaki/contract';
import { create } from 'zustand';
import type { ApiSession } from '../../shared/api/client.ts';

/** Local storage key of the token (docs/product.md §3, §7). */
export const TOKEN_KEY = 'jwt-token';

export type AuthDialogMode = 'login' | 'register' | 'reset';
export type AccountDialog = 'password' | 'email';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** The server allows registration (GET /api/auth/reg). */
  reg: boolean;
  dialogOpen: boolean;
  dialogMode: AuthDialogMode;
  /**
   * A stored token is being checked with the server (start-up). Until it settles the user is
   * unknown, and login-only screens wait instead of asking for a login they already have.
   */
  checking: boolean;
  /** The open account dialog, if any. */
  accountDialog: AccountDialog | null;
}

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export const useAuth = create<AuthState>()(() => {
  const token = storedToken();
  return {
    token,
    user: null,
    reg: false,
    dialogOpen: false,
    dialogMode: 'login',
    checking: token !== null,
    accountDialog: null,
  };
});

export const getToken = (): string | null => useAuth.getState().token;

export function isLoggedIn(s: AuthState = useAuth.getState()): boolean {
  return s.token !== null && s.user?.loggedIn === true;
}

export function isGuest(s: AuthState = useAuth.getState()): boolean {
  return s.user?.group === 'guest';
}

export function isAdmin(s: AuthState = useAuth.getState()): boolean {
  return isLoggedIn(s) && s.user?.group === 'administrator';
}

/** Opens the auth dialog (login by default). */
export function openLoginDialog(mode: AuthDialogMode = 'login'): void {
  useAuth.setState({ dialogOpen: true, dialogMode: mode });
}

export function openAccountDialog(which: AccountDialog): void {
  useAuth.setState({ accountDialog: which });
}

export function closeAccountDialog(): void {
  useAuth.setState({ accountDialog: null });
}

export function closeLoginDialog(): void {
  useAuth.setState({ dialogOpen: false });
}

export function setAuthDialogMode(mode: AuthDialogMode): void {
  useAuth.setState({ dialogMode: mode });
}

/** The last user the server confirmed, so a start without the network keeps the listener signed in. */
const USER_KEY = 'sasayaki-user';

function rememberUser(user: User | null): void {
  try {
    if (user?.loggedIn) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // storage full or blocked: the next start asks the server again
  }
}

/** The user remembered with the stored token, for a start while the server cannot be reached. */
export function rememberedUser(): User | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as User | null;
    return user && typeof user === 'object' && user.loggedIn === true ? user : null;
  } catch {
    return null;
  }
}

/** Login or register stores the token and the user (docs/product.md §4). */
export function setSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  rememberUser(user);
  useAuth.setState({ token, user, checking: false });
}

export function setUser(user: User | null): void {
  rememberUser(user);
  useAuth.setState({ user, checking: false });
}

/** Logout, or a session the server no longer accepts: removes the token and clears the user. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  rememberUser(null);
  useAuth.setState({ token: null, user: null, checking: false, accountDialog: null });
}

/** The session as the API client sees it; the shell connects it at start-up. */
export const apiSession: ApiSession = {
  token: getToken,
  end: clearSession,
  login: () => openLoginDialog(),
};
