/**
 * This browser as a listening device: a random id it keeps (so it knows its own saved queue from
 * another device's) and a name shown on other devices as "continue from <name>", made from the
 * browser and the system it runs on.
 */
import { LISTENING_LIMITS } from '@sasayaki/contract';

const KEY = 'sasayaki-device';

export interface DeviceIdentity {
  id: string;
  name: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome · Android" from a user agent string; "Browser" when nothing is recognised. */
export function deviceNameOf(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || 'Browser';
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

let cached: DeviceIdentity | null = null;

export function deviceIdentity(): DeviceIdentity {
  if (cached) return cached;
  const name = deviceNameOf(typeof navigator === 'undefined' ? '' : navigator.userAgent).slice(
    0,
    LISTENING_LIMITS.deviceNameMax,
  );
  let id = '';
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (stored && typeof stored === 'object' && typeof (stored as DeviceIdentity).id === 'string')
      id = (stored as DeviceIdentity).id.slice(0, LISTENING_LIMITS.deviceIdMax);
  } catch {
    // unreadable: a new id below
  }
  if (!id) {
    id = randomId();
    try {
      localStorage.setItem(KEY, JSON.stringify({ id }));
    } catch {
      // storage disabled: the id lasts for this visit
    }
  }
  cached = { id, name };
  return cached;
}
