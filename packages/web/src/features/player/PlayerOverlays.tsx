import { AntiBurnIn } from './AntiBurnIn.tsx';
import { AudioController } from './AudioController.tsx';
import { ContinueOffer } from './ContinueOffer.tsx';
import { FullPlayer } from './FullPlayer.tsx';
import { KeyboardShortcuts } from './KeyboardShortcuts.tsx';
import { LyricsPreviewDialog } from './lyricsPreview/LyricsPreviewDialog.tsx';
import { QueueView } from './QueueView.tsx';
import { SleepTimerDialog } from './SleepTimerDialog.tsx';
import { VolumeBoostDialog } from './VolumeBoostDialog.tsx';

/** Everything the player shows over the page, mounted once by the layout. */
export function PlayerOverlays() {
  return (
    <>
      <AudioController />
      <FullPlayer />
      <QueueView />
      <LyricsPreviewDialog />
      <SleepTimerDialog />
      <VolumeBoostDialog />
      <AntiBurnIn />
      <KeyboardShortcuts />
      <ContinueOffer />
    </>
  );
}
