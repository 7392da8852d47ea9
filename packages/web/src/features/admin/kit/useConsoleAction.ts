/** A console action (a write) as a TanStack Query mutation. */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/queryKeys.ts';
import { notify } from '../../../shared/notify/store.ts';

export interface ConsoleActionOptions<V, R> {
  /** The API call. */
  run: (vars: V) => Promise<R>;
  /**
   * The query families the action changes (`queryKeys.console.*`): re-read once it has settled,
   * done or refused (a refusal can mean the rows changed under it). The audit log is always
   * among them: the server records the administrator's actions there.
   */
  invalidates: readonly QueryKey[];
  /** The notice once done, if any. */
  done?: (vars: V, result: R) => string;
}

/**
 * Runs `run` with `mutate(vars)`: a short notice when done, the families it changes re-read, and
 * `isPending` until they are (a button disabled meanwhile cannot send the action twice). A refusal
 * is shown by the API client, in the error catalogue's words, once; a caller that shows it in
 * place (a dialog) calls silently and reads `error`.
 */
export function useConsoleAction<V = void, R = unknown>({
  run,
  invalidates,
  done,
}: ConsoleActionOptions<V, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result, vars) => {
      const message = done?.(vars, result);
      if (message) notify({ type: 'positive', message, timeout: 2000 });
    },
    onSettled: () =>
      Promise.all(
        [...invalidates, queryKeys.console.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
