/**
 * The one `HTMLAudioElement` of the app, driven by the player store: it loads the current track,
 * consumes the control signal, applies volume (with a Web Audio gain above 100 %), rate and mode,
 * reports time/duration/buffering back, remembers positions (in this browser, and for a signed-in
 * account on the server: listeningSync.ts), sends recommender feedback and keeps the Media Session
 * in step.
 */
import { resumeFrom } from '@sasayaki/contract';
import { useEffect, useRef } from 'react';
import { i18n } from '../../shared/i18n/index.ts';
import { notify } from '../../shared/notify/store.ts';
import { getSettings } from '../../shared/settings/store.ts';
import { isKeptUrl } from '../offline/index.ts';
import { dueMilestones, sendFeedback } from './feedback.ts';
import { createPositionSink, laterServerPosition, startListeningSync } from './listeningSync.ts';
import { syncLyrics } from './lyricSync.ts';
import { browserConnection, streamUrlFor } from './media.ts';
import { watchMediaErrors } from './mediaRetry.ts';
import { bindMediaSession, updateMediaMetadata, updateMediaPosition } from './mediaSession.ts';
import { resumePosition, savePosition } from './resume.ts';
import { currentTrack, type PlayerState, usePlayerStore } from './store.ts';

let element: HTMLAudioElement | null = null;

/** The precise playback time (the store's copy updates only on `timeupdate`). */
export function audioTime(): number {
  return element?.currentTime ?? usePlayerStore.getState().currentTime;
}

/** How often the position is written for resuming. */
const RESUME_SAVE_MS = 5000;
/** A jump of the position larger than this between two time updates is a seek, not listening. */
const MAX_LISTEN_STEP = 2;

function bufferedEndAt(audio: HTMLAudioElement): number {
  const t = audio.currentTime;
  const b = audio.buffered;
  for (let i = 0; i < b.length; i++) if (b.start(i) <= t + 0.5 && t <= b.end(i)) return b.end(i);
  return 0;
}

/** Stops playback once the sleep time has come (docs/product.md §4), with the notice of §8. */
function checkSleep(): void {
  const s = usePlayerStore.getState();
  if (!s.sleepMode || s.sleepTime === null || Date.now() < s.sleepTime) return;
  s.clearSleep();
  if (s.playing) s.pause();
  notify({ type: 'info', message: i18n.t('player.sleepNotice.stopped') });
}

/** Binds one audio element to the player store; returns the unbinding. */
export function attachAudio(audio: HTMLAudioElement): () => void {
  const store = usePlayerStore;
  let loadedSerial = -1;
  let loadedHash = '';
  let pendingResume = 0;
  /** The loaded track has played: starting it again restarts it; before that (a restored queue) it resumes. */
  let startedSinceLoad = false;
  let lastSave = 0;
  /** The listener chose where the loaded track plays (a seek, a bookmark): no resume moves it. */
  let placed = false;
  /**
   * When this page last moved the loaded track's position (played on, or the listener placed it),
   * or null when it has not: what a saved position is dated, so a paused tab never passes for
   * new listening however late it is hidden or closed.
   */
  let reachedAt: number | null = null;
  const sink = createPositionSink();
  let lastTime = 0;
  let played = 0;
  let sent = new Set<string>();
  let gain: GainNode | null = null;

  const play = () => {
    if (!audio.src) return;
    audio.play().catch((err: unknown) => {
      // an interrupted load (next track) rejects with AbortError: not a failure
      if (err instanceof DOMException && err.name === 'AbortError') return;
      store.getState().report({ playing: false });
    });
  };

  const applyVolume = (s: PlayerState) => {
    audio.muted = s.muted;
    audio.volume = Math.min(1, s.volume);
    if (s.volume > 1 && !gain) {
      // Routing through Web Audio is permanent for an element, so it starts only when needed.
      const ctx = new AudioContext();
      gain = ctx.createGain();
      ctx.createMediaElementSource(audio).connect(gain).connect(ctx.destination);
    }
    if (gain) gain.gain.value = Math.max(1, s.volume);
    if (audio.playbackRate !== s.playbackRate) audio.playbackRate = s.playbackRate;
  };

  const applyTrack = (s: PlayerState) => {
    const track = currentTrack(s);
    if (!track) {
      if (audio.src) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
      loadedHash = '';
      loadedSerial = s.trackSerial;
      return;
    }
    if (track.hash === loadedHash && s.trackSerial === loadedSerial) return;
    const sameTrack = track.hash === loadedHash;
    loadedSerial = s.trackSerial;
    loadedHash = track.hash;
    played = 0;
    lastTime = 0;
    sent = new Set();
    reachedAt = null;
    updateMediaMetadata(track);
    if (sameTrack) {
      if (startedSinceLoad) audio.currentTime = 0;
    } else {
      startedSinceLoad = false;
      placed = s.startAt !== null;
      if (placed) reachedAt = Date.now();
      pendingResume = s.startAt ?? resumePosition(localStorage, track.hash, track.duration);
      if (s.startAt !== null) store.setState({ startAt: null });
      else resumeFromAccount(track.hash, track.duration);
      // No token in the URL: the media cookie set at sign-in authenticates the stream.
      // A kept track plays its kept file (the service worker answers it), never a low-quality stream.
      audio.src = isKeptUrl(track.mediaStreamUrl)
        ? track.mediaStreamUrl
        : streamUrlFor(track, getSettings().qualityBehavior, browserConnection());
    }
    if (s.playing) play();
  };

  /** Another device may have played this track further: its later position wins (before any seek). */
  const resumeFromAccount = (hash: string, duration: number) => {
    void laterServerPosition(hash).then((position) => {
      if (position === null || loadedHash !== hash || placed) return;
      const at = resumeFrom(position, audio.duration || duration);
      if (audio.readyState < HTMLMediaElement.HAVE_METADATA) pendingResume = at;
      else {
        audio.currentTime = at;
        lastTime = at;
      }
    });
  };

  const applySignal = (s: PlayerState) => {
    const { signal } = s;
    if (signal.type === 'nothing') return;
    if (signal.type === 'wantPlay') play();
    else if (signal.type === 'wantPause') audio.pause();
    else if (signal.type === 'wantSeek') {
      pendingResume = 0;
      placed = true;
      reachedAt = Date.now();
      audio.currentTime = signal.time;
      lastTime = signal.time;
    }
    store.getState().consumeSignal();
  };

  const apply = (s: PlayerState) => {
    applyTrack(s);
    applyVolume(s);
    applySignal(s);
  };

  const onTime = () => {
    // background tabs throttle intervals, but time updates keep coming while audio plays
    checkSleep();
    const s = store.getState();
    const t = audio.currentTime;
    const step = t - lastTime;
    if (!audio.paused && step > 0 && step < MAX_LISTEN_STEP) played += step;
    lastTime = t;
    s.report({ currentTime: t, bufferedEnd: bufferedEndAt(audio) });
    const track = currentTrack(s);
    if (!track) return;
    const now = Date.now();
    if (!audio.paused) reachedAt = now;
    if (reachedAt !== null && now - lastSave >= RESUME_SAVE_MS) {
      lastSave = now;
      savePosition(localStorage, track.hash, t, audio.duration || track.duration, reachedAt);
    }
    if (!audio.paused) sink.playing(track, t, audio.duration || track.duration, now);
    if (!audio.paused) {
      const settings = getSettings();
      for (const type of dueMilestones(played, audio.duration || track.duration, sent)) {
        sent.add(type);
        void sendFeedback(type, settings.recommenderUuid, track.work.id);
      }
    }
    updateMediaPosition(audio);
  };
  const onMeta = () => {
    if (pendingResume > 0 && pendingResume < audio.duration) {
      audio.currentTime = pendingResume;
      lastTime = pendingResume;
    }
    pendingResume = 0;
    store.getState().report({ duration: Number.isFinite(audio.duration) ? audio.duration : 0 });
    updateMediaPosition(audio);
  };
  const onPlay = () => {
    startedSinceLoad = true;
    store.getState().report({ playing: true });
  };
  const onPause = () => {
    store.getState().report({ playing: false });
    const track = currentTrack(store.getState());
    // A pause before this page moved the position (a restored track) has nothing new to save.
    if (!track || audio.ended || reachedAt === null) return;
    savePosition(localStorage, track.hash, audio.currentTime, audio.duration || track.duration, reachedAt);
    sink.stopped(track, audio.currentTime, audio.duration || track.duration, reachedAt);
  };
  const onEnded = () => {
    const track = currentTrack(store.getState());
    if (track) {
      savePosition(localStorage, track.hash, 0, 0);
      const duration = audio.duration || track.duration;
      sink.stopped(track, duration, duration);
    }
    store.getState().trackEnded();
  };
  // A closing, reloading or hidden page keeps the exact position, not the one of up to 5 s ago,
  // dated when it was reached; for the account what was not reported yet goes in a beacon, which
  // outlives the page.
  const onPageHide = () => {
    const track = currentTrack(store.getState());
    if (!track || !audio.src) return;
    const duration = audio.duration || track.duration;
    if (reachedAt !== null) savePosition(localStorage, track.hash, audio.currentTime, duration, reachedAt);
    sink.leaving(track, audio.currentTime, duration, reachedAt);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  const onProgress = () => store.getState().report({ bufferedEnd: bufferedEndAt(audio) });
  const retry = watchMediaErrors(audio);
  const onError = () => {
    if (!audio.src || !audio.error) return;
    void retry.failed(store.getState().playing).then((retrying) => {
      if (retrying) return;
      store.getState().report({ playing: false });
      notify({ type: 'negative', message: i18n.t('player.cannotPlay') });
    });
  };

  const listeners: [string, () => void][] = [
    ['timeupdate', onTime],
    ['loadedmetadata', onMeta],
    ['durationchange', onMeta],
    ['play', onPlay],
    ['pause', onPause],
    ['ended', onEnded],
    ['progress', onProgress],
    ['error', onError],
  ];
  for (const [name, fn] of listeners) audio.addEventListener(name, fn);

  // Subscribed synchronously: each signal is applied before the next state change can replace it,
  // and a play() that follows a click keeps the click's user activation.
  const unsubscribe = store.subscribe(apply);
  apply(store.getState());
  const unbindSession = bindMediaSession();
  const unsyncLyrics = syncLyrics();

  const sleepTimer = window.setInterval(checkSleep, 1000);
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  const stopSync = startListeningSync();

  return () => {
    stopSync();
    document.removeEventListener('visibilitychange', onVisibility);
    unsubscribe();
    retry.dispose();
    unbindSession();
    unsyncLyrics();
    window.clearInterval(sleepTimer);
    window.removeEventListener('pagehide', onPageHide);
    for (const [name, fn] of listeners) audio.removeEventListener(name, fn);
  };
}

export function AudioController() {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    element = audio;
    const detach = attachAudio(audio);
    return () => {
      detach();
      if (element === audio) element = null;
    };
  }, []);
  // biome-ignore lint/a11y/useMediaCaption: captions are the lyrics bar and the lyrics dialog
  return <audio ref={ref} data-testid="player-audio" preload="auto" hidden />;
}
