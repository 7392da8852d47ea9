import { describe, expect, it } from 'vitest';
import { durationBadge } from './format.ts';
import { searchPath, termOf, workPath } from './links.ts';

describe('work links (docs/product.md §2.2)', () => {
  it('sends store RJ works to /work/{source_id}', () => {
    expect(workPath({ id: 1441165, source_id: 'RJ01441165', source_type: 'DLSITE' })).toBe(
      '/work/RJ01441165',
    );
  });
  it('sends VJ and BJ works to /work/{id}/{source_type}/{source_id}', () => {
    expect(workPath({ id: 200000123, source_id: 'VJ000123', source_type: 'DLSITE' })).toBe(
      '/work/200000123/DLSITE/VJ000123',
    );
    expect(workPath({ id: 100000123, source_id: 'BJ000123', source_type: 'DLSITE' })).toBe(
      '/work/100000123/DLSITE/BJ000123',
    );
  });
  it('sends other ids of the store to /work/{id} and other sources to the long form', () => {
    expect(workPath({ id: 5, source_id: 'XX5', source_type: 'DLSITE' })).toBe('/work/5');
    expect(workPath({ id: 7, source_id: 'abc', source_type: 'LOCAL' })).toBe('/work/7/LOCAL/abc');
  });
  it('builds search links with one term', () => {
    expect(searchPath(termOf('tag', 'ASMR'))).toBe('/works?keyword=%24tag%3AASMR%24');
    expect(decodeURIComponent(searchPath(termOf('va', 'A B')).split('=')[1]!)).toBe('$va:"A B"$');
  });
});

describe('duration badge (docs/product.md §9)', () => {
  it('uses seconds, minutes or hours with one decimal', () => {
    expect(durationBadge(45).text).toBe('45s');
    expect(durationBadge(60).text).toBe('1m');
    expect(durationBadge(3599).text).toBe('59m');
    expect(durationBadge(3600).text).toBe('1.0h');
    expect(durationBadge(5400).text).toBe('1.5h');
  });
  it('is grey under 30 minutes', () => {
    expect(durationBadge(29 * 60 + 59).short).toBe(true);
    expect(durationBadge(30 * 60).short).toBe(false);
  });
});
