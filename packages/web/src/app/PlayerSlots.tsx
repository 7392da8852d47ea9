import { lazy, Suspense } from 'react';
import { loadPlayer, type PlayerModule } from './playerBridge.ts';

function slot(name: keyof Pick<PlayerModule, 'PlayerBar' | 'LyricsBar' | 'PlayerOverlays'>) {
  return lazy(async () => ({ default: (await loadPlayer())[name] }));
}

const PlayerBar = slot('PlayerBar');
const LyricsBar = slot('LyricsBar');
const PlayerOverlays = slot('PlayerOverlays');

/** Footer slots of the layout (docs/product.md §2.1): the lyrics bar above the player bar. */
export function PlayerFooter() {
  return (
    <Suspense fallback={null}>
      <LyricsBar />
      <PlayerBar />
      <PlayerOverlays />
    </Suspense>
  );
}
