export * from './schema.ts';
export { getSettings, type SettingsState, useSettings } from './store.ts';
