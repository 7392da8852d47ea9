export {
  type AuthDialogMode,
  type AuthState,
  clearSession,
  closeLoginDialog,
  getToken,
  isGuest,
  isLoggedIn,
  openLoginDialog,
  setSession,
  setUser,
  TOKEN_KEY,
  useAuth,
} from './store.ts';
