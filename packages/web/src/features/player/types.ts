import type { WorkRef } from '@sasayaki/contract';
import type { QueueLyric } from '../lyrics/index.ts';

export type { QueueLyric };

/** The work a queued track belongs to, with what the player shows and the Media Session needs. */
export interface QueueWork extends WorkRef {
  title: string;
  circle?: { name: string };
  mainCoverUrl?: string;
  samCoverUrl?: string;
  thumbnailCoverUrl?: string;
}

/** One entry of the play queue (docs/product.md §3 "Queue track"). */
export interface QueueTrack {
  hash: string;
  title: string;
  workTitle: string;
  mediaStreamUrl: string;
  mediaDownloadUrl: string;
  streamLowQualityUrl: string;
  mainCoverUrl: string;
  samCoverUrl: string;
  thumbnailCoverUrl: string;
  duration: number;
  availableLyrics: QueueLyric[];
  /** Index into availableLyrics, or -1 for none. */
  selectedLyricIndex: number;
  work: QueueWork;
  /** Set by the queue: tells apart two entries of the same track (React keys, reordering). */
  queueKey?: number;
}

/** Play modes in their cycle order (docs/product.md §4). */
export const PLAY_MODES = ['order', 'allRepeat', 'repeatOnce', 'shuffle'] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

/** A request from the UI to the audio element, consumed back to `nothing` (docs/product.md §4). */
export type ControlSignal =
  | { type: 'nothing' }
  | { type: 'wantPlay' }
  | { type: 'wantPause' }
  | { type: 'wantSeek'; time: number };

/** A timed line of the current lyric. */
export interface LyricLine {
  start: number;
  end: number;
  text: string;
}
