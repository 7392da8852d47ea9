/** The running subtitle import (one at a time), for the settings section and the page-wide toast. */
import { create } from 'zustand';
import type { ImportErrorKind } from './errors.ts';
import type { ImportProgress, ImportResult } from './importer.ts';

export type ImportState =
  | { status: 'idle' }
  | { status: 'processing'; fileName: string; progress: ImportProgress }
  | { status: 'finished'; fileName: string; result: ImportResult }
  | { status: 'error'; fileName: string; kind: ImportErrorKind; message: string };

interface SubtitleStore {
  importing: ImportState;
  /** Bumped after every change of the database, so lists reload. */
  revision: number;
  /** The settings section is on screen and shows the import itself (no toast then). */
  sectionOpen: boolean;
}

export const useSubtitleStore = create<SubtitleStore>()(() => ({
  importing: { status: 'idle' },
  revision: 0,
  sectionOpen: false,
}));

/** Back to idle once the outcome has been seen. */
export const dismissImport = (): void => useSubtitleStore.setState({ importing: { status: 'idle' } });
