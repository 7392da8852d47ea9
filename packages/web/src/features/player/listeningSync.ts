/**
 * The listening state of a signed-in account kept on the server (docs/player.md, "Listening
 * state"): positions every 10 s while playing, on pause and when the page is hidden or closed (a
 * beacon); the queue when it changes; the merge of this browser's positions at sign-in; and the
 * "continue from <device>" offer when another device saved a later queue. Anonymous listeners
 * and the shared guest account keep positions in this browser only (resume.ts).
 *
 * Positions the server could not take (offline, server away) wait in an outbox in localStorage
 * and go with the next save, or when the browser is back online. Each report carries the time its
 * position was reached (not when it is sent), so the server keeps the later listening of what two
 * devices sent; a page that hides or closes re-sends nothing already reported, so a tab paused
 * for hours never passes for new listening.
 */
import { LISTENING_LIMITS, type PlayQueue, type PositionInput } from '@sasayaki/contract';
import { create } from 'zustand';
import { call, endpointUrl } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { isGuest, isLoggedIn, useAuth } from '../account/index.ts';
import { playTracks } from './actions.ts';
import { deviceIdentity } from './device.ts';
import { localPosition, localPositions } from './resume.ts';
import { currentTrack, type PlayerState, usePlayerStore } from './store.ts';
import { toQueueTrack } from './toQueueTrack.ts';
import { filesByHash } from './trackTree.ts';
import type { QueueTrack } from './types.ts';

/** How often the position goes to the server while playing. */
export const SERVER_SAVE_MS = 10_000;
/** A queue change is saved once the queue has been still this long. */
const QUEUE_SAVE_DELAY_MS = 2000;
/** The other devices' queue is looked at again, at most this often, when the page comes back. */
const OFFER_CHECK_MS = 30_000;

const OUTBOX_KEY = 'sasayaki-listening-outbox';
const QUEUE_AT_KEY = 'sasayaki-queue-at';
/** The `at` of the last queue this browser sent: a queue no newer is not sent again. */
const QUEUE_SENT_KEY = 'sasayaki-queue-sent';

/** The token of an account that keeps listening state on the server, or null. */
export function syncToken(): string | null {
  const s = useAuth.getState();
  return isLoggedIn(s) && !isGuest(s) ? s.token : null;
}

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T) ?? fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the state lasts for this visit
  }
}

/** The latest report per track, at most a batch, newest kept. */
export function mergeReports(reports: readonly PositionInput[]): PositionInput[] {
  const byTrack = new Map<string, PositionInput>();
  for (const r of reports) {
    const prev = byTrack.get(r.track);
    if (!prev || prev.at <= r.at) byTrack.set(r.track, r);
  }
  return [...byTrack.values()].sort((a, b) => a.at - b.at).slice(-LISTENING_LIMITS.batchMax);
}

const isReport = (r: unknown): r is PositionInput =>
  !!r &&
  typeof r === 'object' &&
  typeof (r as PositionInput).track === 'string' &&
  typeof (r as PositionInput).position === 'number' &&
  typeof (r as PositionInput).at === 'number';

export function readOutbox(): PositionInput[] {
  const v = readJson<unknown>(OUTBOX_KEY, []);
  return Array.isArray(v) ? v.filter(isReport) : [];
}

function writeOutbox(reports: readonly PositionInput[]): void {
  if (reports.length === 0) {
    try {
      localStorage.removeItem(OUTBOX_KEY);
    } catch {
      // nothing kept
    }
  } else writeJson(OUTBOX_KEY, mergeReports(reports));
}

/** A failure worth trying again later: no answer, or the server's own trouble. */
const retryable = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;

/** Sends these positions with whatever waits in the outbox; keeps them there if the server cannot take them. */
export async function sendPositions(reports: readonly PositionInput[]): Promise<void> {
  if (!syncToken()) return;
  const positions = mergeReports([...readOutbox(), ...reports]);
  if (positions.length === 0) return;
  writeOutbox(positions);
  try {
    await call(
      'PUT /api/listening/positions',
      { body: { positions, device: deviceIdentity().name } },
      { silent: true, timeoutMs: 15_000 },
    );
    // What arrived meanwhile stays for the next save.
    const sent = new Set(positions.map((p) => `${p.track}@${p.at}`));
    writeOutbox(readOutbox().filter((p) => !sent.has(`${p.track}@${p.at}`)));
  } catch (err) {
    if (!retryable(err)) writeOutbox([]);
  }
}

const report = (track: QueueTrack, position: number, duration: number, at = Date.now()): PositionInput => ({
  track: track.hash,
  position: Math.max(0, Math.min(position, LISTENING_LIMITS.secondsMax)),
  ...(duration > 0 && Number.isFinite(duration)
    ? { duration: Math.min(duration, LISTENING_LIMITS.secondsMax) }
    : {}),
  at,
});

/** The queue as the server keeps it, with the current track's position, as of `at`. */
function queueInput(position: number, at: number) {
  const s = usePlayerStore.getState();
  const { id, name } = deviceIdentity();
  return {
    tracks: s.queue.slice(0, LISTENING_LIMITS.queueTracksMax).map((t) => t.hash),
    currentIndex: Math.min(s.queueIndex, LISTENING_LIMITS.queueTracksMax),
    position: Math.max(0, Math.min(position, LISTENING_LIMITS.secondsMax)),
    device: name,
    deviceId: id,
    at,
  };
}

const storedTime = (key: string) => Number(readJson<number>(key, 0)) || 0;

/**
 * Marks listening activity on this device's queue at `at` (a change of the queue, a position
 * reached in it) and answers the latest such time: what the queue is dated when saved. A queue
 * another device saved later is offered here ("continue from …"), an older one is not.
 */
export function markQueueActivity(at = Date.now()): number {
  const latest = Math.max(storedTime(QUEUE_AT_KEY), at);
  writeJson(QUEUE_AT_KEY, latest);
  return latest;
}

/** Saves the queue as of `at`, unless a queue no older was already sent from this browser. */
async function saveQueueNow(position: number, at: number): Promise<void> {
  if (!syncToken() || at <= storedTime(QUEUE_SENT_KEY)) return;
  writeJson(QUEUE_SENT_KEY, at);
  await call('PUT /api/listening/queue', { body: queueInput(position, at) }, { silent: true }).catch(() => {
    // Not taken: the next save or beacon tries again.
    if (storedTime(QUEUE_SENT_KEY) === at) writeJson(QUEUE_SENT_KEY, 0);
  });
}

/**
 * What the audio controller tells this module: where the current track is, and when playback
 * pauses, ends or the page goes away. `at` is when that position was reached (ms): while playing,
 * about now; once paused, when it paused or the listener last sought.
 */
export interface PositionSink {
  /** While playing: saved to the server at most every SERVER_SAVE_MS. */
  playing(track: QueueTrack, time: number, duration: number, at?: number): void;
  /** Paused or ended: saved now, with the queue. */
  stopped(track: QueueTrack, time: number, duration: number, at?: number): void;
  /**
   * The page is hidden or closing: a beacon, which outlives the page, with only what was not
   * reported yet. `at` is null when this page has not moved the position at all.
   */
  leaving(track: QueueTrack | null, time: number, duration: number, at: number | null): void;
}

export function createPositionSink(): PositionSink {
  let lastSent = 0;
  /** Per track, the `at` of the latest position reported (sent or put in the outbox). */
  const reported = new Map<string, number>();
  const note = (r: PositionInput) => {
    reported.set(r.track, Math.max(reported.get(r.track) ?? 0, r.at));
    return r;
  };
  return {
    playing(track, time, duration, at = Date.now()) {
      if (at - lastSent < SERVER_SAVE_MS) return;
      lastSent = at;
      void sendPositions([note(report(track, time, duration, at))]);
    },
    stopped(track, time, duration, at = Date.now()) {
      lastSent = Date.now();
      void sendPositions([note(report(track, time, duration, at))]);
      void saveQueueNow(time, markQueueActivity(at));
    },
    leaving(track, time, duration, at) {
      const token = syncToken();
      if (!token) return;
      const fresh = track && at !== null && at > (reported.get(track.hash) ?? 0);
      const positions = mergeReports([
        ...readOutbox(),
        ...(fresh ? [note(report(track, time, duration, at))] : []),
      ]);
      const queueAt = markQueueActivity(at ?? 0);
      const queueNew = usePlayerStore.getState().queue.length > 0 && queueAt > storedTime(QUEUE_SENT_KEY);
      if (positions.length === 0 && !queueNew) return;
      // Offline, a beacon would be lost: the positions wait in the outbox for the network.
      if (!navigator.onLine) {
        writeOutbox(positions);
        return;
      }
      if (queueNew) writeJson(QUEUE_SENT_KEY, queueAt);
      const beacon = {
        body: {
          token,
          device: deviceIdentity().name,
          positions,
          ...(queueNew ? { queue: queueInput(time, queueAt) } : {}),
        },
      };
      const url = endpointUrl('POST /api/listening/beacon', beacon);
      const body = JSON.stringify(beacon.body);
      // A string goes as text/plain: no CORS preflight, which a closing page could not wait for.
      const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
      if (sent) writeOutbox([]);
      else
        void fetch(url, {
          method: 'POST',
          body,
          keepalive: true,
          headers: { 'content-type': 'text/plain' },
        }).then(
          (r) => r.ok && writeOutbox([]),
          () => {},
        );
    },
  };
}

/** The server's position of a track when it is later than this browser's, else null. */
export async function laterServerPosition(hash: string): Promise<number | null> {
  if (!syncToken()) return null;
  try {
    const { positions } = await call(
      'GET /api/listening/positions',
      { query: { tracks: hash } },
      { silent: true },
    );
    const server = positions.find((p) => p.track === hash);
    const local = localPosition(localStorage, hash);
    if (!server || (local && local.at > server.updatedAt)) return null;
    return server.position;
  } catch {
    return null;
  }
}

/** Sends this browser's remembered positions to the account (at sign-in); the later one wins. */
export async function mergeLocalPositions(): Promise<void> {
  if (!syncToken()) return;
  const all = localPositions(localStorage).map(([track, p]) => ({ track, position: p.t, at: p.at }));
  const valid = all.filter((p) => /^[1-9]\d{0,8}\/[1-9]\d{0,9}$/.test(p.track));
  for (let i = 0; i < valid.length; i += LISTENING_LIMITS.batchMax) {
    const positions = valid.slice(i, i + LISTENING_LIMITS.batchMax);
    await call(
      'PUT /api/listening/positions',
      { body: { positions, device: deviceIdentity().name, history: false } },
      { silent: true },
    ).catch(() => {});
  }
}

/** Another device's later queue, offered and never applied on its own. */
export const useContinueOffer = create<{ offer: PlayQueue | null }>()(() => ({ offer: null }));

let dismissedAt = 0;

/** Looks at the account's saved queue; offers it when another device saved it after this one. */
export async function checkContinueOffer(): Promise<void> {
  if (!syncToken()) return;
  const { queue } = await call('GET /api/listening/queue', {}, { silent: true }).catch(() => ({
    queue: null,
  }));
  const localAt = Number(readJson<number>(QUEUE_AT_KEY, 0)) || 0;
  const offer =
    queue && queue.deviceId !== deviceIdentity().id && queue.updatedAt > Math.max(localAt, dismissedAt)
      ? queue
      : null;
  useContinueOffer.setState({ offer });
}

export function dismissContinueOffer(): void {
  dismissedAt = useContinueOffer.getState().offer?.updatedAt ?? Date.now();
  useContinueOffer.setState({ offer: null });
}

/**
 * The offer is settled once the listener plays its very track on this device by other means (the
 * work page, the history): there is nothing left to continue from.
 */
export function settleOfferByPlayback(s: Pick<PlayerState, 'playing' | 'queue' | 'queueIndex'>): void {
  const offer = useContinueOffer.getState().offer;
  if (!offer || !s.playing) return;
  if (currentTrack(s)?.hash === offer.tracks[offer.currentIndex]?.track) dismissContinueOffer();
}

/** Plays the offered queue here, from the offered track (resumed at the account's position). */
export async function acceptContinueOffer(): Promise<void> {
  const offer = useContinueOffer.getState().offer;
  if (!offer) return;
  useContinueOffer.setState({ offer: null });
  dismissedAt = offer.updatedAt;
  const workIds = [...new Set(offer.tracks.map((t) => t.workId))].slice(0, 20);
  const byWork = new Map(
    await Promise.all(
      workIds.map(async (id) => {
        const [work, tree] = await Promise.all([
          call('GET /api/workInfo/:id', { params: { id: String(id) } }, { silent: true }),
          call('GET /api/tracks/:id', { params: { id: String(id) }, query: { v: '1' } }, { silent: true }),
        ]);
        return [id, { work, files: filesByHash(tree) }] as const;
      }),
    ),
  );
  const tracks: QueueTrack[] = [];
  let index = 0;
  offer.tracks.forEach((t, i) => {
    const found = byWork.get(t.workId);
    const file = found?.files.get(t.track);
    if (!found || !file) return;
    if (i <= offer.currentIndex) index = tracks.length;
    tracks.push(toQueueTrack(file, found.work));
  });
  if (tracks.length) playTracks(tracks, index);
}

/**
 * Starts the account side: saves the queue when it changes, merges at sign-in, flushes the outbox
 * when the browser is back online, and looks for another device's queue. Returns the stop.
 */
export function startListeningSync(): () => void {
  let queueTimer = 0;
  let lastOfferCheck = 0;
  const unsubQueue = usePlayerStore.subscribe((s, prev) => {
    if (s.playing && !prev.playing) settleOfferByPlayback(s);
    if (s.queue === prev.queue && s.queueIndex === prev.queueIndex) return;
    const at = markQueueActivity();
    window.clearTimeout(queueTimer);
    queueTimer = window.setTimeout(
      () => void saveQueueNow(usePlayerStore.getState().currentTime, at),
      QUEUE_SAVE_DELAY_MS,
    );
  });
  const onSignIn = async () => {
    await mergeLocalPositions();
    await sendPositions([]);
    lastOfferCheck = Date.now();
    await checkContinueOffer();
  };
  const unsubAuth = useAuth.subscribe((s, prev) => {
    const was = isLoggedIn(prev) && !isGuest(prev);
    if (isLoggedIn(s) && !isGuest(s) && !was) void onSignIn();
    if (!isLoggedIn(s)) useContinueOffer.setState({ offer: null });
  });
  if (syncToken()) void onSignIn();
  const onOnline = () => void sendPositions([]);
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastOfferCheck < OFFER_CHECK_MS) return;
    lastOfferCheck = Date.now();
    void checkContinueOffer();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearTimeout(queueTimer);
    unsubQueue();
    unsubAuth();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
