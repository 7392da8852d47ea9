/** The sleep timer lives in session storage under the keys of docs/product.md §3 and survives a reload. */
export const SLEEP_TIME_KEY = 'sleepTime';
export const SLEEP_MODE_KEY = 'sleepMode';

export interface SleepState {
  /** Epoch milliseconds when playback stops, or null. */
  sleepTime: number | null;
  sleepMode: boolean;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function loadSleep(): SleepState {
  const s = storage();
  const time = Number(s?.getItem(SLEEP_TIME_KEY));
  const mode = s?.getItem(SLEEP_MODE_KEY) === 'true';
  return mode && Number.isFinite(time) && time > 0
    ? { sleepTime: time, sleepMode: true }
    : { sleepTime: null, sleepMode: false };
}

export function saveSleep(state: SleepState): void {
  const s = storage();
  if (!s) return;
  if (state.sleepMode && state.sleepTime !== null) {
    s.setItem(SLEEP_TIME_KEY, String(state.sleepTime));
    s.setItem(SLEEP_MODE_KEY, 'true');
  } else {
    s.removeItem(SLEEP_TIME_KEY);
    s.setItem(SLEEP_MODE_KEY, 'false');
  }
}

/**
 * The next moment the clock shows `hh:mm[:ss]` after `now`: a time earlier than now means
 * tomorrow. Null when the text is not a time of day.
 */
export function nextTimeOfDay(text: string, now: Date): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || sec > 59) return null;
  const target = new Date(now);
  target.setHours(h, min, sec, 0);
  if (target.getTime() <= now.getTime()) target.setDate(target.getDate() + 1);
  return target.getTime();
}

/** hh:mm:ss of an epoch time, for the picker and the notices. */
export function timeOfDay(epoch: number): string {
  const d = new Date(epoch);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
