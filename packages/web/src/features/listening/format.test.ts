import { describe, expect, it } from 'vitest';
import { howFar, playedWhen } from './format.ts';

describe('history texts', () => {
  it('says how far, and finished near the end', () => {
    expect(howFar(61, 75)).toEqual({ percent: (61 / 75) * 100, text: '1:01 / 1:15' });
    expect(howFar(72, 75)).toEqual({ percent: 100, text: null });
    expect(howFar(30, null)).toEqual({ percent: 0, text: '0:30' });
  });

  it('says today and yesterday by the local day, else the date', () => {
    const now = new Date(2026, 10, 25, 21, 30).getTime();
    expect(playedWhen(new Date(2026, 10, 25, 0, 5).getTime(), 'en', now).day).toBe('today');
    expect(playedWhen(new Date(2026, 10, 24, 23, 59).getTime(), 'en', now).day).toBe('yesterday');
    const older = playedWhen(new Date(2026, 10, 23, 8, 0).getTime(), 'en', now);
    expect(older.day).toBeNull();
    expect(older.text).toMatch(/Nov 23, 2026/);
  });
});
