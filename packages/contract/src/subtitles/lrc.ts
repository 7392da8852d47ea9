import { type Cue, ms, normalizeText, sortCues } from './cue.ts';

/** LRC stamps are always minutes first: `mm:ss`, `mm:ss.xx`, and `mm:ss:xx` from some editors. */
function lrcClock(raw: string): number {
  const m = /^(\d{1,3}):(\d{1,2})(?:[.:](\d+))?$/.exec(raw);
  if (!m || Number(m[2]) >= 60) return Number.NaN;
  return Number(m[1]) * 60 + Number(m[2]) + (m[3] === undefined ? 0 : Number(`0.${m[3]}`));
}

/**
 * LRC lyrics: lines carrying one or more `[mm:ss.xx]` tags (repeated choruses share a line),
 * metadata tags such as `[ar:…]` ignored, `[offset:±ms]` applied (positive shows lines sooner),
 * enhanced word timings `<mm:ss.xx>` stripped. A line ends where the next one starts; the last
 * line has no known end and ends where it starts.
 */
export function parseLrc(input: string): Cue[] {
  let offset = 0;
  const timed: { start: number; text: string }[] = [];
  for (const line of normalizeText(input).split('\n')) {
    const meta = /^\s*\[offset:\s*([+-]?\d+)\s*\]\s*$/i.exec(line);
    if (meta) {
      offset = Number(meta[1]) / 1000;
      continue;
    }
    const starts: number[] = [];
    let rest = line.trimStart();
    for (;;) {
      const m = /^\[(\d{1,3}:\d{1,2}(?:[.:]\d+)?)\]\s*/.exec(rest);
      if (!m) break;
      const t = lrcClock(m[1] as string);
      if (!Number.isNaN(t)) starts.push(t);
      rest = rest.slice(m[0].length);
    }
    if (starts.length === 0) continue;
    const text = rest.replace(/<\d{1,3}:\d{1,2}(?:[.:]\d+)?>/g, '').trim();
    for (const start of starts) timed.push({ start, text });
  }
  const sorted = sortCues(timed.map((t) => ({ start: t.start, end: t.start, text: t.text })));
  return sorted.map((c, i) => {
    const start = ms(Math.max(0, c.start - offset));
    const next = sorted[i + 1];
    const end = next ? ms(Math.max(start, next.start - offset)) : start;
    return { start, end, text: c.text };
  });
}
