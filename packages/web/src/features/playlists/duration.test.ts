import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { playlistDuration } from './duration.ts';

describe('playlist duration', () => {
  const t = i18n.getFixedT('en');
  it('a few seconds read "< 1 min", never "0 min"', () => {
    expect(playlistDuration(9, t)).toBe('< 1 min');
    expect(playlistDuration(29, t)).toBe('< 1 min');
    expect(playlistDuration(0, t)).toBe('0 min');
    expect(playlistDuration(9, i18n.getFixedT('ja'))).toBe('1 分未満');
    expect(playlistDuration(9, i18n.getFixedT('zh-CN'))).toBe('不到 1 分钟');
  });
  it('minutes, then hours and minutes', () => {
    expect(playlistDuration(31, t)).toBe('1 min');
    expect(playlistDuration(3 * 3600 + 20 * 60, t)).toBe('3 h 20 min');
  });
});
