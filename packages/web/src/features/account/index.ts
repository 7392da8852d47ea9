/** The account feature: who is logged in, the login dialog, and the session the API client uses. */
export { AccountSection } from './AccountSection.tsx';
export { LoginRedirect, RequireLogin } from './RequireLogin.tsx';
export { bootstrapSession, logout } from './session.ts';
export {
  apiSession,
  isAdmin,
  isGuest,
  isLoggedIn,
  openAccountDialog,
  openLoginDialog,
  useAuth,
} from './store.ts';
