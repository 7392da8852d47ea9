import { lazy, Suspense, useEffect } from 'react';
import { hasSavedQueue } from '../features/player/boot.ts';
import { onIdle } from '../shared/ui/idle.ts';
import { whenNetworkQuiet } from '../shared/ui/networkQuiet.ts';
import { usePresence } from '../shared/ui/presence.ts';
import { loadPlayer, type PlayerModule } from './playerBridge.ts';

function slot(name: keyof Pick<PlayerModule, 'PlayerBar' | 'LyricsBar' | 'PlayerOverlays'>) {
  return lazy(async () => ({ default: (await loadPlayer())[name] }));
}

const PlayerBar = slot('PlayerBar');
const LyricsBar = slot('LyricsBar');
const PlayerOverlays = slot('PlayerOverlays');

/**
 * Footer slots of the layout (docs/product.md §2.1): the lyrics bar above the player bar, rendered
 * once the player is loaded.
 */
export function PlayerFooter() {
  const loaded = usePresence((s) => s.player);
  // The player also owns the keyboard shortcuts, the account's listening sync and the queue saved
  // before a reload, so it loads on every page. With a saved queue its bar comes back once the
  // browser is idle after the first paint. With none, nothing plays yet: its 19 KB wait until the
  // first screen has its scripts, answers and covers (a click on play loads it at once).
  useEffect(() => {
    const load = () => void loadPlayer();
    if (!hasSavedQueue()) {
      let live = true;
      void whenNetworkQuiet().then(() => live && load());
      return () => {
        live = false;
      };
    }
    return onIdle(load, 2000, 500);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LyricsBar />
      <PlayerBar />
      <PlayerOverlays />
    </Suspense>
  );
}
