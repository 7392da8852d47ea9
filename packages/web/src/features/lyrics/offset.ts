/** docs/product.md §9: the offset input steps by 0.1 s, the buttons by 0.3 s. */
export const OFFSET_STEP = 0.1;
export const OFFSET_BUTTON = 0.3;

/** Rounds to the 0.1 s grid so repeated ±0.3 never drifts into 0.30000000000000004. */
export function roundOffset(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.round(seconds * 10) / 10 || 0;
}

export function shiftOffset(offset: number, delta: number): number {
  return roundOffset(offset + delta);
}

/**
 * A positive offset shows every line later: the line due at playback time t is the one whose
 * start + offset ≤ t. Returns the index of the last such line, or -1 before the first.
 */
export function lineAt(lines: readonly { start: number }[], time: number, offset: number): number {
  const t = time - offset;
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid] as { start: number }).start <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The playback time at which a line shows, for seeking to it. */
export function seekTimeOf(line: { start: number }, offset: number): number {
  return Math.max(0, line.start + offset);
}
