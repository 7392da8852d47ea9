import { describe, expect, it } from 'vitest';
import { APP_VERSION, compareVersions, formatVersion, parseVersion } from '../src/version.ts';

describe('parseVersion', () => {
  it.each([
    ['1.1.3', { major: 1, minor: 1, patch: 3 }],
    ['1_1_3', { major: 1, minor: 1, patch: 3 }],
    ['1_1', { major: 1, minor: 1, patch: 0 }],
    ['2.0', { major: 2, minor: 0, patch: 0 }],
    ['1.2_3', { major: 1, minor: 2, patch: 3 }],
    ['v10.20.30', { major: 10, minor: 20, patch: 30 }],
    [' 1.1.3 ', { major: 1, minor: 1, patch: 3 }],
  ])('%s → %j', (text, version) => {
    expect(parseVersion(text)).toEqual(version);
  });

  it.each(['', '1', '1.2.3.4', 'a.b', '1..3', '1.2.x', '1.-2'])('%j → null', (text) => {
    expect(parseVersion(text)).toBeNull();
  });

  it('the app version parses', () => {
    expect(formatVersion(parseVersion(APP_VERSION)!)).toBe('1.1.3');
  });
});

describe('compareVersions', () => {
  it('orders by major, then minor, then patch, numerically', () => {
    expect(compareVersions('1.1.3', '1.1.3')).toBe(0);
    expect(compareVersions('1_1', '1.1.0')).toBe(0);
    expect(compareVersions('1.1.3', '1.2')).toBe(-1);
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0', '1.99.99')).toBe(1);
    expect(compareVersions('1.1.2', '1.1.10')).toBe(-1);
  });

  it('sorts a list of versions', () => {
    expect(['1.10', '1.2.1', 'junk', '1_2', '0.9'].sort(compareVersions)).toEqual([
      'junk',
      '0.9',
      '1_2',
      '1.2.1',
      '1.10',
    ]);
  });

  it('accepts parsed versions', () => {
    expect(compareVersions({ major: 1, minor: 0, patch: 0 }, '1.0.1')).toBe(-1);
  });
});
