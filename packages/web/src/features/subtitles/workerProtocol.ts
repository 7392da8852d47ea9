import type { ImportErrorKind } from './errors.ts';
import type { ImportProgress, ImportResult } from './importer.ts';

/** What the import worker sends back to the page. */
export type WorkerReply =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; result: ImportResult }
  | { type: 'error'; kind: ImportErrorKind; message: string };
