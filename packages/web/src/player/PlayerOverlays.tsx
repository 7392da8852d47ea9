import { AudioController } from './AudioController.tsx';

/** Everything the player shows over the page, mounted once by the layout. */
export function PlayerOverlays() {
  return <AudioController />;
}
