import { beforeEach, describe, expect, it } from 'vitest';
import { queueTrack } from '../../../test/queueTrack.ts';
import { initialPlayerState, usePlayerStore } from './store.ts';

/** A track with lyrics of these confidences, none chosen yet. */
const track = (hash: string, confidences: number[] = []) =>
  queueTrack(hash, {
    availableLyrics: confidences.map((confidence, i) => ({ title: `${hash}-${i}.vtt`, confidence })),
    selectedLyricIndex: -2,
  });

const s = () => usePlayerStore.getState();

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState());
});

describe('player store', () => {
  it('playTracks replaces the queue, starts at the index and asks to play', () => {
    s().playTracks([track('a'), track('b'), track('c')], 1);
    expect(s().queue.map((t) => t.hash)).toEqual(['a', 'b', 'c']);
    expect(s().queueIndex).toBe(1);
    expect(s().playing).toBe(true);
    expect(s().signal).toEqual({ type: 'wantPlay' });
  });
  it('next/previous stay within bounds and setTrack ignores out-of-range', () => {
    s().playTracks([track('a'), track('b')], 1);
    s().nextTrack();
    expect(s().queueIndex).toBe(1);
    s().previousTrack();
    s().previousTrack();
    expect(s().queueIndex).toBe(0);
    const serial = s().trackSerial;
    s().setTrack(5);
    s().setTrack(-1);
    expect(s().queueIndex).toBe(0);
    expect(s().trackSerial).toBe(serial);
  });
  it('removing the current track pauses and resets to 0; emptying pauses', () => {
    s().playTracks([track('a'), track('b'), track('c')], 2);
    s().removeFromQueue(0);
    expect(s().queueIndex).toBe(1);
    expect(s().playing).toBe(true);
    s().removeFromQueue(1);
    expect(s().queueIndex).toBe(0);
    expect(s().playing).toBe(false);
    expect(s().signal).toEqual({ type: 'wantPause' });
    s().play();
    s().removeFromQueue(0);
    expect(s().queue).toEqual([]);
    expect(s().playing).toBe(false);
  });
  it('consumes a control signal back to nothing', () => {
    s().playTracks([track('a')], 0);
    s().seek(42);
    expect(s().signal).toEqual({ type: 'wantSeek', time: 42 });
    s().consumeSignal();
    expect(s().signal).toEqual({ type: 'nothing' });
    s().pause();
    expect(s().signal).toEqual({ type: 'wantPause' });
  });
  it('does not play an empty queue', () => {
    s().play();
    expect(s().playing).toBe(false);
    expect(s().signal).toEqual({ type: 'nothing' });
  });
  it('ignores a volume below 0 and asks for confirmation above 100 %', () => {
    s().setVolume(0.5);
    s().setVolume(-0.1);
    expect(s().volume).toBe(0.5);
    s().setVolume(1.5);
    expect(s().volume).toBe(0.5);
    expect(s().pendingVolume).toBe(1.5);
    s().cancelBoost();
    expect(s().pendingVolume).toBeNull();
    expect(s().volume).toBe(0.5);
    s().setVolume(1.5);
    s().confirmBoost();
    expect(s().volume).toBe(1.5);
    s().setVolume(1.8);
    expect(s().volume).toBe(1.8);
  });
  it('cycles the play mode', () => {
    const modes = [s().playMode];
    for (let i = 0; i < 4; i++) {
      s().cyclePlayMode();
      modes.push(s().playMode);
    }
    expect(modes).toEqual(['order', 'allRepeat', 'repeatOnce', 'shuffle', 'order']);
  });
  it('advances by the play mode when a track ends', () => {
    s().playTracks([track('a'), track('b')], 1);
    s().trackEnded();
    expect(s().playing).toBe(false);
    s().cyclePlayMode();
    s().trackEnded();
    expect(s().queueIndex).toBe(0);
    expect(s().playing).toBe(true);
    s().cyclePlayMode();
    const serial = s().trackSerial;
    s().trackEnded();
    expect(s().queueIndex).toBe(0);
    expect(s().trackSerial).toBe(serial + 1);
  });
  it('chooses a lyric automatically when the tracks are queued', () => {
    s().playTracks([track('a', [0.9, 0.95]), track('b', [0.5, 1]), track('c')], 0);
    expect(s().queue.map((t) => t.selectedLyricIndex)).toEqual([0, -1, -1]);
    s().selectLyric('b', 1);
    expect(s().queue[1]?.selectedLyricIndex).toBe(1);
    s().selectLyric('b', 7);
    expect(s().queue[1]?.selectedLyricIndex).toBe(1);
  });
  it('puts a local lyric first with confidence 1 and uses it, for every entry of the track', () => {
    s().playTracks([track('a', [0.9]), track('b'), track('a', [0.9])], 0);
    s().selectLyric('a', -1);
    s().addLocalLyric('a', { title: 'mine.srt', content: '1\n00:00:01,000 --> 00:00:02,000\nx' });
    const [first, second, third] = s().queue;
    expect(first?.availableLyrics.map((l) => [l.title, l.confidence])).toEqual([
      ['mine.srt', 1],
      ['a-0.vtt', 0.9],
    ]);
    expect(first?.selectedLyricIndex).toBe(0);
    expect(third?.selectedLyricIndex).toBe(0);
    expect(second?.availableLyrics).toEqual([]);
  });
  it('remembers volume (at most 100 %), mute, play mode and rate for the next visit', () => {
    s().setVolume(0.4);
    s().toggleMute();
    s().cyclePlayMode();
    s().setPlaybackRate(1.25);
    expect(initialPlayerState()).toMatchObject({
      volume: 0.4,
      muted: true,
      playMode: 'allRepeat',
      playbackRate: 1.25,
    });
    s().setVolume(1.6);
    s().confirmBoost();
    expect(s().volume).toBe(1.6);
    expect(initialPlayerState()).toMatchObject({ volume: 1, boostConfirmed: false });
    localStorage.setItem(
      'sasayaki-player',
      '{"volume":-3,"playMode":"loop","playbackRate":"fast","muted":1}',
    );
    expect(initialPlayerState()).toMatchObject({
      volume: 1,
      muted: false,
      playMode: 'order',
      playbackRate: 1,
    });
  });
  it('rounds the subtitle offset to 0.1 s', () => {
    s().setSubtitleOffset(0.1 + 0.2);
    expect(s().subtitleOffset).toBe(0.3);
  });
  it('keeps the sleep timer in session storage', () => {
    s().setSleep(1_900_000_000_000);
    expect(sessionStorage.getItem('sleepTime')).toBe('1900000000000');
    expect(sessionStorage.getItem('sleepMode')).toBe('true');
    expect(initialPlayerState()).toMatchObject({ sleepTime: 1_900_000_000_000, sleepMode: true });
    s().clearSleep();
    expect(initialPlayerState()).toMatchObject({ sleepTime: null, sleepMode: false });
  });
});
