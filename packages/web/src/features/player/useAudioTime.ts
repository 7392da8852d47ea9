import { useEffect, useState } from 'react';
import { lineAt } from '../lyrics/index.ts';
import { audioTime } from './AudioController.tsx';
import type { LyricLine } from './types.ts';

/** docs/product.md §9: the text highlighter syncs every 100 ms. */
export const HIGHLIGHT_SYNC_MS = 100;

/**
 * The index of the line due now, polled from the audio element every 100 ms while `active`
 * (the store's time only moves on `timeupdate`, about 4 times a second).
 */
export function useCurrentLine(
  lines: readonly LyricLine[],
  offset: number,
  active = true,
  hideEnded = false,
): number {
  const [index, setIndex] = useState(-1);
  useEffect(() => {
    if (!active) {
      setIndex(-1);
      return;
    }
    const tick = () => {
      const time = audioTime();
      const i = lineAt(lines, time, offset);
      setIndex(hideEnded && visibleLine(lines, i, time, offset) === null ? -1 : i);
    };
    tick();
    const id = window.setInterval(tick, HIGHLIGHT_SYNC_MS);
    return () => window.clearInterval(id);
  }, [lines, offset, active, hideEnded]);
  return index;
}

/** The line to show in a one-line display: the due line, unless its cue has ended (a gap). */
export function visibleLine(
  lines: readonly LyricLine[],
  index: number,
  time: number,
  offset: number,
): LyricLine | null {
  const line = lines[index];
  if (!line) return null;
  const ended = line.end > line.start && time - offset > line.end;
  return ended ? null : line;
}
