/**
 * A compact form of a sorted list of work ids, for sending a library's whole list of works:
 * the first id, then each difference to the one before, in base 36, joined by commas. Ids close
 * together (as a library's mostly are) take one or two characters each.
 */
export function encodeWorkIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  let previous = 0;
  return sorted
    .map((id) => {
      const step = id - previous;
      previous = id;
      return step.toString(36);
    })
    .join(',');
}

/** The ids of `encodeWorkIds`, ascending; anything unreadable is skipped. */
export function decodeWorkIds(text: string): number[] {
  const out: number[] = [];
  let previous = 0;
  for (const part of text.split(',')) {
    if (!part) continue;
    const step = Number.parseInt(part, 36);
    if (!Number.isFinite(step) || step <= 0) continue;
    previous += step;
    out.push(previous);
  }
  return out;
}
