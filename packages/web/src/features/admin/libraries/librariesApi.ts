/** The console's library calls (contract: routes/libraries.ts). */
import type { EndpointQuery, ScanRun } from '@sasayaki/contract';
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
/** A page of a scan's report; a refusal is shown by the list itself (kit/ConsoleList.tsx). */
export const fetchReport = (
  id: number,
  query: EndpointQuery<'GET /api/admin/scans/:id/report'>,
  signal?: AbortSignal,
) => call('GET /api/admin/scans/:id/report', { params: { id }, query }, { signal, silent: true });

/** The running scan as the server pushes it (null when none runs), until `signal` aborts. */
export const followScans = (onRun: (run: ScanRun | null) => void, signal: AbortSignal) =>
  followEvents(
    'GET /api/admin/scans/events',
    {},
    (e) => onRun(e.event === 'scan' ? (e.data as ScanRun) : null),
    signal,
  );

export type { ScanSchedule } from '@sasayaki/contract';
export const setSchedule = (id: number, schedule: import('@sasayaki/contract').ScanSchedule) =>
  call('PUT /api/admin/libraries/schedule', { body: { id, schedule } });
