import { defaultSettings, type Settings, sanitize } from './schema.ts';

/** Where the settings live now: one JSON object. */
export const SETTINGS_KEY = 'sasayaki-settings';
/** The old shared config key (one JSON object of every setting), migrated once (docs/product.md §4). */
export const LEGACY_SHARED_KEY = 'config';
/** The old inverted flag, stored either inside the shared object or on its own (docs/product.md §4). */
export const LEGACY_DISABLE_SUBTITLE_KEY = 'disableSubtitle';

function readJson(storage: Storage, key: string): Record<string, unknown> | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function truthy(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return null;
}

/**
 * Loads the settings: defaults, overlaid by the legacy shared object (its `disableSubtitle` inverted
 * into `enableSubtitle`), overlaid by the current object. Legacy keys are removed and the result is
 * written back, so the migration runs once.
 */
export function loadSettings(storage: Storage, locale: string): Settings {
  const defaults = defaultSettings(locale);
  const legacy = readJson(storage, LEGACY_SHARED_KEY);
  const current = readJson(storage, SETTINGS_KEY);
  const migrated: Record<string, unknown> = { ...(legacy ?? {}) };
  const disable = truthy(
    legacy?.[LEGACY_DISABLE_SUBTITLE_KEY] ?? storage.getItem(LEGACY_DISABLE_SUBTITLE_KEY),
  );
  if (disable !== null && !('enableSubtitle' in migrated)) migrated.enableSubtitle = !disable;
  const settings: Settings = {
    ...defaults,
    ...sanitize(migrated, defaults),
    ...sanitize(current ?? {}, defaults),
  };
  if (legacy !== null || storage.getItem(LEGACY_DISABLE_SUBTITLE_KEY) !== null || current === null) {
    storage.removeItem(LEGACY_SHARED_KEY);
    storage.removeItem(LEGACY_DISABLE_SUBTITLE_KEY);
    saveSettings(storage, settings);
  }
  return settings;
}

export function saveSettings(storage: Storage, settings: Settings): void {
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // storage full or disabled (private mode): the settings still work for this session
  }
}
