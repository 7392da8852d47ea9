/** The account feature: who is logged in, the login dialog, and the session the API client uses. */
export { AccountSection } from './AccountSection.tsx';
export { NewAccountForm, useNewAccount } from './NewAccountFields.tsx';
export { PasswordField } from './PasswordField.tsx';
export { LoginRedirect, RequireLogin } from './RequireLogin.tsx';
export { afterAuth, bootstrapSession, logout } from './session.ts';
export {
  apiSession,
  isAdmin,
  isGuest,
  isLoggedIn,
  openAccountDialog,
  openLoginDialog,
  useAuth,
} from './store.ts';
export { checkPassword, checkRepeat, checkUsername, type RuleError } from './validation.ts';
