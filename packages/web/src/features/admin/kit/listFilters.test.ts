/**
 * The URL forms of a list's filters: whatever a URL holds reads as a value the filter knows, and
 * each value reads back as itself from what it writes, the initial one from nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyText, type ListFilter, oneOf, oneOrNone, onOff } from './listFilters.ts';

const SHOWN = ['all', 'visible', 'hidden'] as const;
const KINDS = ['added', 'skipped'] as const;
const raw = fc.option(fc.oneof(fc.string(), fc.constantFrom('', '1', '0', ...SHOWN, ...KINDS)));

/** Reads back what a value writes; the initial value leaves the URL. */
function roundTrips<T>(filter: ListFilter<T>, values: readonly T[]) {
  for (const value of values) {
    const written = filter.write(value);
    expect(filter.read(written)).toEqual(value);
    expect(written === null).toBe(value === filter.initial);
  }
}

describe('list filters', () => {
  it('read any URL value as one they know', () => {
    fc.assert(
      fc.property(raw, (r) => {
        expect(SHOWN).toContain(oneOf(SHOWN, 'all').read(r));
        expect([...KINDS, null]).toContain(oneOrNone(KINDS).read(r));
        expect(typeof onOff.read(r)).toBe('boolean');
        expect(anyText.read(r)).toBe(r ?? '');
      }),
    );
  });

  it('read back each value from what it writes, and leave the initial one out', () => {
    roundTrips(oneOf(SHOWN, 'all'), SHOWN);
    roundTrips(oneOf(SHOWN, 'hidden'), SHOWN);
    roundTrips(oneOrNone(KINDS), [...KINDS, null]);
    roundTrips(onOff, [true, false]);
    fc.assert(fc.property(fc.string(), (text) => roundTrips(anyText, [text])));
  });
});
