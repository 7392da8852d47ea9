import { create } from 'zustand';
import { currentLocale } from '../i18n/index.ts';
import type { Settings } from './schema.ts';
import { loadSettings, saveSettings } from './storage.ts';

interface SettingsActions {
  /** Changes one or more settings; written to storage at once. */
  set: (patch: Partial<Settings>) => void;
}

export type SettingsState = Settings & SettingsActions;

export const useSettings = create<SettingsState>()((set) => ({
  ...loadSettings(localStorage, currentLocale()),
  set: (patch) => set(patch),
}));

useSettings.subscribe((state) => {
  const { set: _set, ...settings } = state;
  saveSettings(localStorage, settings);
});

/** Reads settings outside React. */
export const getSettings = (): Settings => useSettings.getState();
