/**
 * Local subtitle archives: imported in the browser (a worker unpacks and stores them in
 * IndexedDB), matched to a work's tracks, managed in the settings. Everything heavy loads on
 * demand (lazy.ts).
 */
export { installDropImport } from './dropImport.ts';
export { type ImportState, useSubtitleStore } from './importState.ts';
export { ImportToast, importSubtitleArchive, localLyricsFor, SubtitleSection } from './lazy.ts';
export type { TrackToMatch } from './match.ts';
export { installSubtitledWorksCheck } from './recheck.ts';
