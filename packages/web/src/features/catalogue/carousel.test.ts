import { describe, expect, it } from 'vitest';
import { stepTo } from './carousel.ts';

/** Six cards of 200 px with 12 px gaps in view, 20 in the row. */
const row = (scrollLeft: number) => ({
  scrollLeft,
  clientWidth: 1212,
  scrollWidth: 20 * 212 - 12,
  step: 212,
});
const max = 20 * 212 - 12 - 1212;

describe('carousel moves', () => {
  it('steps one card forward and back from a card edge', () => {
    expect(stepTo(row(0), 1)).toBe(212);
    expect(stepTo(row(424), 1)).toBe(636);
    expect(stepTo(row(424), -1)).toBe(212);
    expect(stepTo(row(0), -1)).toBe(0);
  });

  it('lands on a card edge from between two cards', () => {
    expect(stepTo(row(300), 1)).toBe(424);
    expect(stepTo(row(300), -1)).toBe(212);
    // A fractional position reported for a card edge counts as that edge.
    expect(stepTo(row(211.9999), 1)).toBe(424);
  });

  it('stops at the end, and starts over only when the autoplay wraps', () => {
    // The last full step is shorter than a card: the row ends there.
    expect(stepTo(row(max - 20), 1)).toBe(max);
    expect(stepTo(row(max), 1)).toBe(max);
    expect(stepTo(row(max), 1, true)).toBe(0);
    expect(stepTo(row(max - 20), 1, true)).toBe(max);
  });

  it('a row that fits needs no scrolling', () => {
    const fits = { scrollLeft: 0, clientWidth: 1212, scrollWidth: 1212, step: 212 };
    expect(stepTo(fits, 1)).toBe(0);
    expect(stepTo(fits, 1, true)).toBe(0);
  });
});
