import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { openLoginDialog } from '../features/account/index.ts';
import { call } from '../shared/api/client.ts';
import { lazyScreen } from './lazyScreen.tsx';

const SetupScreen = lazyScreen(async () => (await import('../features/setup/SetupScreen.tsx')).SetupScreen);
const LanguageMenu = lazyScreen(async () => (await import('./LanguageMenu.tsx')).LanguageMenu);

/**
 * First run: while the server has no administrator every page is the setup screen. Once this
 * browser made the administrator it opens the console's libraries, the next step of a newcomer.
 */
export function SetupGate({ children, onSetUp }: { children: ReactNode; onSetUp: () => void }) {
  const [needed, setNeeded] = useState<boolean | null>(null);
  useEffect(() => {
    call('GET /api/setup', {}, { silent: true }).then(
      (r) => setNeeded(r.needed),
      // A server without this call (or a failed check) is one that is set up: show the app.
      () => setNeeded(false),
    );
  }, []);
  if (needed === null) return null;
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
