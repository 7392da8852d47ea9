import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { useConsoleAction } from '../kit/useConsoleAction.ts';

/** An action on an account: each changes the accounts, so the list and the guest switch are read again. */
export const useAccountAction = <V = void, R = unknown>(run: (v: V) => Promise<R>, done?: (v: V) => string) =>
  useConsoleAction({ run, invalidates: [queryKeys.console.accounts.all], done });
