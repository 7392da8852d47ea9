/** The console's library calls (contract: routes/libraries.ts). */
import type { ScanRun } from '@sasayaki/contract';
import { call, followEvents } from '../../../shared/api/client.ts';

export type { FolderListing, LibraryRoot, ScanReportItem, ScanRun } from '@sasayaki/contract';

export const REPORT_PAGE_SIZE = 50;

export const fetchRoots = (signal?: AbortSignal) => call('GET /api/admin/libraries', {}, { signal });
export const addRoot = (path: string, name?: string) =>
  call('POST /api/admin/libraries', { body: { path, name } }, { silent: true });
export const renameRoot = (id: number, name: string) =>
  call('POST /api/admin/libraries/rename', { body: { id, name } });
export const removeRoot = (id: number) => call('POST /api/admin/libraries/remove', { body: { id } });
export const fetchFolders = (path: string | undefined, signal?: AbortSignal) =>
  call('GET /api/admin/folders', { query: { path } }, { signal, silent: true });
export const fetchScans = (signal?: AbortSignal) => call('GET /api/admin/scans', {}, { signal });
export const startScan = (full: boolean) => call('POST /api/admin/scans', { body: { full } });
export const fetchReport = (
  id: number,
  filter: { q?: string; kind?: string; page: number },
  signal?: AbortSignal,
) =>
  call(
    'GET /api/admin/scans/:id/report',
    {
      params: { id },
      query: {
        q: filter.q || undefined,
        kind: filter.kind as 'added' | undefined,
        page: filter.page,
        pageSize: REPORT_PAGE_SIZE,
      },
    },
    { signal },
  );

/** The running scan as the server pushes it (null when none runs), until `signal` aborts. */
export const followScans = (onRun: (run: ScanRun | null) => void, signal: AbortSignal) =>
  followEvents(
    'GET /api/admin/scans/events',
    {},
    (e) => onRun(e.event === 'scan' ? (e.data as ScanRun) : null),
    signal,
  );
