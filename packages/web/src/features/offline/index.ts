/**
 * Offline listening (docs/web.md, "Offline listening"): keeping works in Cache Storage for the
 * service worker to answer from, the kept list in Settings, the offline state of other pages.
 */

export { canKeepOffline, KeepOfflineButton, keepOffline } from './KeepOffline.tsx';
export { KeptWorksSection } from './KeptWorksSection.tsx';
export { hasKeptWorks, isKeptUrl, keptWork, useKept } from './kept.ts';
export { OfflineState } from './OfflineState.tsx';
