/**
 * Entry points that load the subtitle database (Dexie, fflate, the worker) only when called, so
 * the pages that import them stay light.
 */
import { lazy } from 'react';
import type { QueueLyric } from '../lyrics/index.ts';
import type { TrackToMatch } from './match.ts';

export const localLyricsFor = async (
  workId: number,
  tracks: readonly TrackToMatch[],
): Promise<Map<string, QueueLyric[]>> => (await import('./match.ts')).localLyricsFor(workId, tracks);

export const importSubtitleArchive = async (file: File) =>
  (await import('./actions.ts')).importSubtitleArchive(file);

export const SubtitleSection = lazy(() =>
  import('./SubtitleSection.tsx').then((m) => ({ default: m.SubtitleSection })),
);

export const ImportToast = lazy(() => import('./ImportToast.tsx').then((m) => ({ default: m.ImportToast })));
