/** The account feature: who is logged in, the login dialog, and the session the API client uses. */
export { LoginRedirect, RequireLogin } from './RequireLogin.tsx';
export { bootstrapSession, logout } from './session.ts';
export { apiSession, isGuest, isLoggedIn, openLoginDialog, useAuth } from './store.ts';
