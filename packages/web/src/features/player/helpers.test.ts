import { describe, expect, it } from 'vitest';
import { dueMilestones } from './feedback.ts';
import { isSlowConnection, streamUrlFor } from './media.ts';
import { resumePosition, savePosition } from './resume.ts';
import { nextTimeOfDay, timeOfDay } from './sleepStorage.ts';
import type { QueueTrack } from './types.ts';

const track = (low: string) =>
  ({ mediaStreamUrl: '/api/media/stream/7', streamLowQualityUrl: low }) as unknown as QueueTrack;

describe('media urls', () => {
  it('chooses the low-quality stream only when the behaviour and the connection say so', () => {
    const slow = { effectiveType: '3g' };
    const fast = { effectiveType: '4g' };
    expect(streamUrlFor(track('/lq/7'), 'fluentFirst', slow)).toBe('/lq/7');
    expect(streamUrlFor(track('/lq/7'), 'fluentFirst', fast)).toBe('/api/media/stream/7');
    expect(streamUrlFor(track('/lq/7'), 'fluentFirst', { effectiveType: '4g', saveData: true })).toBe(
      '/lq/7',
    );
    expect(streamUrlFor(track('/lq/7'), 'fluentFirst', undefined)).toBe('/api/media/stream/7');
    expect(streamUrlFor(track(''), 'fluentFirst', slow)).toBe('/api/media/stream/7');
    expect(streamUrlFor(track('/lq/7'), 'qualityFirst', slow)).toBe('/api/media/stream/7');
    expect(streamUrlFor(track('/lq/7'), 'lowQualityOnly', fast)).toBe('/lq/7');
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
  });
});

describe('resume positions', () => {
  it('remembers a position per track and skips the ends', () => {
    localStorage.clear();
    savePosition(localStorage, 'w/1', 1234.7, 3600);
    savePosition(localStorage, 'w/2', 3, 3600);
    expect(resumePosition(localStorage, 'w/1', 3600)).toBe(1234);
    expect(resumePosition(localStorage, 'w/2', 3600)).toBe(0);
    expect(resumePosition(localStorage, 'w/3', 3600)).toBe(0);
    savePosition(localStorage, 'w/1', 3598, 3600);
    expect(resumePosition(localStorage, 'w/1', 3600)).toBe(0);
  });
  it('survives garbage in storage', () => {
    localStorage.setItem('sasayaki-resume', '{not json');
    expect(resumePosition(localStorage, 'w/1', 100)).toBe(0);
    savePosition(localStorage, 'w/1', 50, 100);
    expect(resumePosition(localStorage, 'w/1', 100)).toBe(50);
  });
});

describe('sleep time of day', () => {
  const now = new Date(2026, 0, 10, 22, 30, 0);
  it('is later today, or tomorrow when the time has passed', () => {
    expect(nextTimeOfDay('23:00', now)).toBe(new Date(2026, 0, 10, 23, 0, 0).getTime());
    expect(nextTimeOfDay('22:30:05', now)).toBe(new Date(2026, 0, 10, 22, 30, 5).getTime());
    expect(nextTimeOfDay('06:15', now)).toBe(new Date(2026, 0, 11, 6, 15, 0).getTime());
    expect(nextTimeOfDay('22:30', now)).toBe(new Date(2026, 0, 11, 22, 30, 0).getTime());
  });
  it('rejects what is not a time of day', () => {
    expect(nextTimeOfDay('', now)).toBeNull();
    expect(nextTimeOfDay('24:00', now)).toBeNull();
    expect(nextTimeOfDay('7pm', now)).toBeNull();
    expect(timeOfDay(new Date(2026, 0, 10, 7, 5, 9).getTime())).toBe('07:05:09');
  });
});

describe('recommender milestones (docs/product.md §9)', () => {
  it('fire once each, by time listened and by share of the duration', () => {
    const sent = new Set<string>();
    const take = (played: number, duration: number) => {
      const due = dueMilestones(played, duration, sent);
      for (const d of due) sent.add(d);
      return due;
    };
    expect(take(0, 7200)).toEqual(['start']);
    expect(take(10, 7200)).toEqual([]);
    expect(take(301, 7200)).toEqual(['play5m']);
    expect(take(2200, 7200)).toEqual(['play15m', 'play30m', 'progress30']);
    expect(take(2200, 7200)).toEqual([]);
    expect(take(3600, 7200)).toEqual(['play60m']);
    expect(take(6500, 7200)).toEqual(['progress60', 'progress90']);
  });
  it('skip the share milestones when the duration is unknown', () => {
    expect(dueMilestones(100, 0, new Set(['start']))).toEqual([]);
  });
});
