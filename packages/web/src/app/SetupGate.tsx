import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { openLoginDialog } from '../features/account/index.ts';
import { backoffDelay, wait } from '../shared/api/backoff.ts';
import { call } from '../shared/api/client.ts';
import { ApiError } from '../shared/api/errors.ts';
import { lazyScreen } from './lazyScreen.tsx';

const SetupScreen = lazyScreen(async () => (await import('../features/setup/SetupScreen.tsx')).SetupScreen);
const LanguageMenu = lazyScreen(async () => (await import('./LanguageMenu.tsx')).LanguageMenu);

/** Failed checks after which the app is shown while the check goes on being retried. */
export const SETUP_CHECK_PATIENCE = 4;

/**
 * Asks the server whether it still needs its first administrator until it answers: a failed
 * check (a busy server's timeout, a 5xx, no network) is tried again with the backoff, never taken
 * for "set up"; only a server without the call (404) is one that is set up. After
 * SETUP_CHECK_PATIENCE failures `onWaiting` lets the app show meanwhile.
 */
export async function checkSetup(
  signal: AbortSignal,
  onWaiting: () => void,
  firstMs = 500,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await call('GET /api/setup', {}, { silent: true, signal })).needed;
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof ApiError && err.status === 404) return false;
      if (attempt + 1 === SETUP_CHECK_PATIENCE) onWaiting();
      await wait(backoffDelay(attempt, firstMs, 5000), signal);
    }
  }
}

/**
 * First run: while the server has no administrator every page is the setup screen. Once this
 * browser made the administrator it opens the console's libraries, the next step of a newcomer.
 */
export function SetupGate({ children, onSetUp }: { children: ReactNode; onSetUp: () => void }) {
  const [needed, setNeeded] = useState<boolean | null>(null);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    checkSetup(ctrl.signal, () => setWaiting(true)).then(setNeeded, () => undefined);
    return () => ctrl.abort();
  }, []);
  // The server has not answered yet after a few tries: the app meanwhile, the check goes on.
  if (needed === null) return waiting ? <>{children}</> : null;
  if (!needed) return <>{children}</>;
  const done = (mine: boolean) => {
    if (mine) onSetUp();
    else openLoginDialog();
    // A transition, as the router's own update for onSetUp's navigation is: both land in one
    // render, so the app first renders at the new address, not at '/' (whose redirect to /works
    // would come after and win).
    startTransition(() => setNeeded(false));
  };
  return (
    <Suspense fallback={null}>
      <SetupScreen onDone={done} languageMenu={<LanguageMenu />} />
    </Suspense>
  );
}
