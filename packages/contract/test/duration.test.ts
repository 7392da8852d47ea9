import { describe, expect, it } from 'vitest';
import { durationBadgeParts, formatClock, formatDurationBadge, isShortWork } from '../src/duration.ts';

describe('formatDurationBadge', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [59.9, '59s'],
    [60, '1m'],
    [1799, '29m'],
    [3599, '59m'],
    [3600, '1.0h'],
    [4320, '1.2h'],
    [5400, '1.5h'],
    [3600 * 10 + 179, '10.0h'],
    [3600 * 10 + 180, '10.1h'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatDurationBadge(seconds)).toBe(text);
  });

  it('shows nothing for a missing or invalid duration', () => {
    for (const v of [null, undefined, Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      expect(formatDurationBadge(v)).toBe('');
      expect(durationBadgeParts(v)).toBeNull();
    }
  });

  it('gives the number and unit apart for a translated unit', () => {
    expect(durationBadgeParts(4320)).toEqual({ amount: '1.2', unit: 'h' });
    expect(durationBadgeParts(125)).toEqual({ amount: '2', unit: 'm' });
  });
});

describe('isShortWork', () => {
  it('is grey under 30 minutes only', () => {
    expect(isShortWork(0)).toBe(true);
    expect(isShortWork(1799)).toBe(true);
    expect(isShortWork(1800)).toBe(false);
    expect(isShortWork(7200)).toBe(false);
    expect(isShortWork(null)).toBe(false);
    expect(isShortWork(-5)).toBe(false);
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36000, '10:00:00'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });

  it('shows 0:00 for a missing or invalid time', () => {
    for (const v of [null, undefined, Number.NaN, -3, Number.POSITIVE_INFINITY])
      expect(formatClock(v)).toBe('0:00');
  });
});
