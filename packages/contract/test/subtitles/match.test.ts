import { describe, expect, it } from 'vitest';
import { comparableTitle, durationSimilarity, matchConfidence, titleSimilarity } from '../../src/index.ts';

describe('subtitle-to-track matching', () => {
  it('strips subtitle and audio extensions and folds width and case', () => {
    expect(comparableTitle('01 本編.MP3.lrc')).toBe('01 本編');
    expect(comparableTitle('ＴＲＡＣＫ０１.flac')).toBe('track01');
  });
  it('gives title similarity 1 for an exact match with .vtt appended', () => {
    expect(titleSimilarity('01_耳かき.wav.vtt', '01_耳かき.wav')).toBe(1);
    expect(titleSimilarity('01.vtt', '01.wav')).toBe(1);
  });
  it('scores different titles by edit distance', () => {
    expect(titleSimilarity('track01.lrc', 'track02.mp3')).toBeCloseTo(6 / 7);
    expect(titleSimilarity('abc.srt', 'xyz.mp3')).toBe(0);
  });
  it('drops duration similarity to 0 beyond 5 seconds', () => {
    expect(durationSimilarity(100, 100)).toBe(1);
    expect(durationSimilarity(100, 102.5)).toBe(0.5);
    expect(durationSimilarity(100, 105)).toBe(0);
    expect(durationSimilarity(100, 106)).toBe(0);
    expect(durationSimilarity(Number.NaN, 1)).toBe(0);
  });
  it('weights title by 0.3 and duration by 0.7', () => {
    expect(matchConfidence({ title: '01.mp3.vtt', duration: 600 }, { title: '01.mp3', duration: 600 })).toBe(
      1,
    );
    expect(matchConfidence({ title: '01.mp3.vtt', duration: 600 }, { title: '01.mp3', duration: 700 })).toBe(
      0.3,
    );
    expect(
      matchConfidence({ title: 'abc.lrc', duration: 300 }, { title: 'xyz.mp3', duration: 301 }),
    ).toBeCloseTo(0.56);
  });
});
