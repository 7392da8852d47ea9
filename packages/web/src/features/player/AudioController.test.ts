import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachAudio } from './AudioController.tsx';
import { localPosition } from './resume.ts';
import { initialPlayerState, usePlayerStore } from './store.ts';
import type { QueueTrack } from './types.ts';

/** The parts of an HTMLAudioElement the controller uses, with events like the real one. */
class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  volume = 1;
  muted = false;
  playbackRate = 1;
  error: MediaError | null = null;
  buffered = { length: 0, start: () => 0, end: () => 0 };
  plays = 0;
  play(): Promise<void> {
    this.plays++;
    if (this.paused) {
      this.paused = false;
      this.dispatchEvent(new Event('play'));
    }
    return Promise.resolve();
  }
  pause(): void {
    if (!this.paused) {
      this.paused = true;
      this.dispatchEvent(new Event('pause'));
    }
  }
  load(): void {}
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  /** What the browser does when the metadata of `duration` seconds arrives. */
  loaded(duration: number): void {
    this.duration = duration;
    this.dispatchEvent(new Event('loadedmetadata'));
  }
  advanceTo(t: number): void {
    this.currentTime = t;
    this.dispatchEvent(new Event('timeupdate'));
  }
  end(): void {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
}

function track(n: number): QueueTrack {
  return {
    hash: `9/${n}`,
    title: `${n}.mp3`,
    workTitle: 'w',
    mediaStreamUrl: `/api/media/stream/${n}`,
    mediaDownloadUrl: `/api/media/download/${n}`,
    streamLowQualityUrl: `/api/media/stream-lq/${n}`,
    mainCoverUrl: '',
    samCoverUrl: '',
    thumbnailCoverUrl: '',
    duration: 600,
    availableLyrics: [],
    selectedLyricIndex: -1,
    work: { id: 9, source_id: 'RJ000009', source_type: 'DLSITE', title: 'w' },
  };
}

const s = () => usePlayerStore.getState();
let audio: FakeAudio;
let detach: () => void;
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  usePlayerStore.setState(initialPlayerState());
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    posted.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  });
  audio = new FakeAudio();
  detach = attachAudio(audio as unknown as HTMLAudioElement);
});

afterEach(() => {
  detach();
  vi.unstubAllGlobals();
});

describe('audio controller', () => {
  it('loads and plays the chosen track and consumes the signal back to nothing', () => {
    s().playTracks([track(1), track(2)], 1);
    expect(audio.src).toBe('/api/media/stream/2');
    expect(audio.paused).toBe(false);
    expect(s().signal).toEqual({ type: 'nothing' });
    expect(s().playing).toBe(true);
  });
  it('applies pause and seek signals to the element', () => {
    s().playTracks([track(1)], 0);
    audio.loaded(600);
    s().seek(123.4);
    expect(audio.currentTime).toBe(123.4);
    expect(s().signal).toEqual({ type: 'nothing' });
    s().pause();
    expect(audio.paused).toBe(true);
    expect(s().playing).toBe(false);
  });
  it('starts the next track by itself when one ends, and stops after the last in order mode', () => {
    s().playTracks([track(1), track(2)], 0);
    audio.end();
    expect(s().queueIndex).toBe(1);
    expect(audio.src).toBe('/api/media/stream/2');
    expect(audio.paused).toBe(false);
    audio.end();
    expect(s().queueIndex).toBe(1);
    expect(s().playing).toBe(false);
  });
  it('restarts the same track in repeat-once mode', () => {
    s().playTracks([track(1), track(2)], 0);
    s().cyclePlayMode();
    s().cyclePlayMode();
    audio.loaded(600);
    audio.advanceTo(599);
    audio.end();
    expect(s().queueIndex).toBe(0);
    expect(audio.currentTime).toBe(0);
    expect(audio.paused).toBe(false);
  });
  it('applies volume up to 100 % on the element, mute and rate', () => {
    s().playTracks([track(1)], 0);
    s().setVolume(0.3);
    expect(audio.volume).toBe(0.3);
    s().toggleMute();
    expect(audio.muted).toBe(true);
    s().setPlaybackRate(1.5);
    expect(audio.playbackRate).toBe(1.5);
  });
  it('resumes a remembered position when the track is opened again', () => {
    s().playTracks([track(1)], 0);
    audio.loaded(600);
    audio.advanceTo(250);
    audio.pause();
    s().clearQueue();
    expect(audio.src).toBe('');
    audio.currentTime = 0;
    s().playTracks([track(1)], 0);
    audio.loaded(600);
    expect(audio.currentTime).toBe(250);
  });
  it('after a reload, loads the restored track paused at its position, and playing it keeps that position', () => {
    s().playTracks([track(1), track(2)], 1);
    audio.loaded(600);
    audio.advanceTo(120);
    // saved at most every 5 s while playing; hiding the page saves the exact position
    audio.advanceTo(130);
    window.dispatchEvent(new Event('pagehide'));
    // the next page load: a new store state from storage and a new element
    detach();
    usePlayerStore.setState(initialPlayerState());
    audio = new FakeAudio();
    detach = attachAudio(audio as unknown as HTMLAudioElement);
    expect(s().queue.map((t) => t.hash)).toEqual(['9/1', '9/2']);
    expect(s().queueIndex).toBe(1);
    expect(audio.src).toBe('/api/media/stream/2');
    expect(audio.paused).toBe(true);
    audio.loaded(600);
    expect(audio.currentTime).toBe(130);
    s().setTrack(1);
    expect(audio.currentTime).toBe(130);
    expect(audio.paused).toBe(false);
  });
  it('dates a kept position when it was reached: hiding a paused page hours later does not renew it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000_000);
      s().playTracks([track(1)], 0);
      audio.loaded(600);
      audio.advanceTo(199);
      vi.setSystemTime(1_001_000);
      audio.advanceTo(200);
      audio.pause();
      expect(localPosition(localStorage, '9/1')).toEqual({ t: 200, at: 1_001_000 });
      vi.setSystemTime(1_001_000 + 3 * 3_600_000);
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
      expect(localPosition(localStorage, '9/1')).toEqual({ t: 200, at: 1_001_000 });
      // A reload that only restores the track keeps the date too.
      detach();
      usePlayerStore.setState(initialPlayerState());
      audio = new FakeAudio();
      detach = attachAudio(audio as unknown as HTMLAudioElement);
      audio.loaded(600);
      window.dispatchEvent(new Event('pagehide'));
      expect(localPosition(localStorage, '9/1')).toEqual({ t: 200, at: 1_001_000 });
      // A seek is the listener's own move: dated when made.
      vi.setSystemTime(9_000_000);
      s().seek(300);
      window.dispatchEvent(new Event('pagehide'));
      expect(localPosition(localStorage, '9/1')).toEqual({ t: 300, at: 9_000_000 });
    } finally {
      vi.useRealTimers();
    }
  });
  it('reports time and duration and sends the start milestone once per play', async () => {
    s().playTracks([track(1)], 0);
    audio.loaded(600);
    audio.advanceTo(1);
    audio.advanceTo(2);
    expect(s().currentTime).toBe(2);
    expect(s().duration).toBe(600);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.url).toBe('/api/recommender/feedback');
    const body = posted[0]?.body as { type: string; itemId: number; recommenderUuid: unknown };
    expect(body).toMatchObject({ type: 'start', itemId: 9 });
    expect(typeof body.recommenderUuid).toBe('string');
  });
  it('stops playback when the sleep time has come', () => {
    s().playTracks([track(1)], 0);
    s().setSleep(Date.now() - 1);
    audio.advanceTo(1);
    expect(audio.paused).toBe(true);
    expect(s().sleepMode).toBe(false);
  });
});
