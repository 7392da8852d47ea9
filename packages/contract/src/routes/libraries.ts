/**
 * The console's libraries (administrators): library roots, the server-side folder browser, scans
 * with their live progress and their reports (docs/console.md).
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody, Pagination } from '../api.ts';
import {
  SCAN_KINDS,
  SCAN_PHASES,
  SCAN_REPORT_KINDS,
  SCAN_SCHEDULE_MODES,
  SCAN_SKIP_REASONS,
  SCAN_STATUSES,
  SCAN_TRIGGERS,
} from '../scan.ts';
import { defineRoute } from './define.ts';
import { OrNull, PageQuery, Refusals, RowId, Str, StringEnum } from './fields.ts';

export const LIBRARY_ROOT_SOURCES = ['environment', 'console', 'demo'] as const;

/** A library root: from SASAYAKI_LIBRARY (read-only), added in the console, or the demo library. */
export const ScanSchedule = Type.Object({
  mode: StringEnum(SCAN_SCHEDULE_MODES),
  /** `hours`: every this many hours. */
  hours: OrNull(Type.Integer({ minimum: 1, maximum: 168 })),
  /** `daily`: the time of day, HH:MM (server time). */
  dailyAt: OrNull(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })),
});
export type ScanSchedule = Static<typeof ScanSchedule>;

export const LibraryRoot = Type.Object({
  id: Type.Integer({ description: 'the root key works refer to (environment roots: 0, 1, …)' }),
  path: Type.String(),
  name: Type.String(),
  source: StringEnum(LIBRARY_ROOT_SOURCES),
  works: Type.Integer({ minimum: 0 }),
  /** The folder can be read now. */
  available: Type.Boolean(),
  /** When the server scans this root by itself. */
  schedule: Type.Optional(ScanSchedule),
  /** The next scheduled scan (ms), null when none is planned. */
  nextScanAt: Type.Optional(OrNull(Type.Integer())),
});
export type LibraryRoot = Static<typeof LibraryRoot>;

export const FolderListing = Type.Object({
  path: Type.String(),
  parent: OrNull(Type.String()),
  /** Sub-folders by name (nothing else of the folder is shown). */
  folders: Type.Array(Type.Object({ name: Type.String(), path: Type.String() })),
  truncated: Type.Boolean(),
});
export type FolderListing = Static<typeof FolderListing>;

/** A scan, running or done, with the rates and estimate the console shows. */
export const ScanRun = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(SCAN_KINDS),
  trigger: StringEnum(SCAN_TRIGGERS),
  status: StringEnum(SCAN_STATUSES),
  startedAt: Type.Integer(),
  finishedAt: OrNull(Type.Integer()),
  phase: OrNull(StringEnum(SCAN_PHASES)),
  worksDone: Type.Integer(),
  worksTotal: Type.Integer(),
  files: Type.Integer(),
  current: OrNull(Type.String()),
  worksPerSecond: Type.Number(),
  filesPerSecond: Type.Number(),
  /** Seconds left at the present rate; null until there is a rate. */
  etaSeconds: OrNull(Type.Number()),
  added: Type.Integer(),
  updated: Type.Integer(),
  removed: Type.Integer(),
  unchanged: Type.Integer(),
  skipped: Type.Integer(),
  error: OrNull(Type.String()),
});
export type ScanRun = Static<typeof ScanRun>;

export const ScanReportItem = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(SCAN_REPORT_KINDS),
  reason: OrNull(StringEnum(SCAN_SKIP_REASONS)),
  path: Type.String(),
  /** The server's words (English; logs and the command line); the console shows `reason` + `params`. */
  detail: Type.String(),
  /** Values the reason's text shows: a work code, the folder kept, a cause key. */
  params: Type.Record(Type.String(), Type.String()),
  /** Skipped lines: the scan that first reported this problem (equal to this scan's id: new). */
  firstSeen: OrNull(Type.Integer()),
});
export type ScanReportItem = Static<typeof ScanReportItem>;

const RootId = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
const RootName = Str(200);
const FolderPath = Str(4096);

export const libraries = {
  roots: defineRoute({
    method: 'GET',
    path: '/api/admin/libraries',
    tags: ['admin', 'libraries'],
    summary: 'The library roots in effect, with where each comes from and its number of works',
    bearer: true,
    response: {
      200: Type.Object({
        roots: Type.Array(LibraryRoot),
        /** SASAYAKI_RESCAN_MINUTES set: every root is scanned every this many minutes, schedules aside. */
        scheduleOverride: Type.Optional(OrNull(Type.Object({ env: Type.String(), minutes: Type.Integer() }))),
      }),
      ...Refusals,
    },
  }),
  setSchedule: defineRoute({
    method: 'PUT',
    path: '/api/admin/libraries/schedule',
    tags: ['admin', 'libraries'],
    summary: 'Set when a library root is scanned by itself: default, off, every N hours, or daily at a time',
    bearer: true,
    body: Type.Object({ id: RootId, schedule: ScanSchedule }),
    response: { 200: Type.Object({ root: LibraryRoot }), ...Refusals },
  }),
  addRoot: defineRoute({
    method: 'POST',
    path: '/api/admin/libraries',
    tags: ['admin', 'libraries'],
    summary: 'Add a library root: an existing, readable folder outside the data folder and the other roots',
    bearer: true,
    body: Type.Object({ path: FolderPath, name: Type.Optional(RootName) }),
    response: { 200: Type.Object({ root: LibraryRoot }), ...Refusals },
  }),
  renameRoot: defineRoute({
    method: 'POST',
    path: '/api/admin/libraries/rename',
    tags: ['admin', 'libraries'],
    summary: 'Rename a library root added in the console (its display name)',
    bearer: true,
    body: Type.Object({ id: RootId, name: RootName }),
    response: { 200: Type.Object({ root: LibraryRoot }), ...Refusals },
  }),
  removeRoot: defineRoute({
    method: 'POST',
    path: '/api/admin/libraries/remove',
    tags: ['admin', 'libraries'],
    summary: 'Remove a library root added in the console; its works leave the catalogue at the next scan',
    bearer: true,
    body: Type.Object({ id: RootId }),
    response: { 200: MessageBody, ...Refusals },
  }),
  folders: defineRoute({
    method: 'GET',
    path: '/api/admin/folders',
    tags: ['admin', 'libraries'],
    summary: 'The sub-folders of a folder on the server (names only), to pick a library root',
    bearer: true,
    querystring: Type.Object({ path: Type.Optional(FolderPath) }),
    response: { 200: FolderListing, ...Refusals },
  }),
  scans: defineRoute({
    method: 'GET',
    path: '/api/admin/scans',
    tags: ['admin', 'libraries'],
    summary: 'The running scan, if any, and the last scans (newest first)',
    bearer: true,
    response: {
      200: Type.Object({ running: OrNull(ScanRun), recent: Type.Array(ScanRun) }),
      ...Refusals,
    },
  }),
  startScan: defineRoute({
    method: 'POST',
    path: '/api/admin/scans',
    tags: ['admin', 'libraries'],
    summary: 'Scan now (`full` re-reads every file); a scan already running is answered, not started again',
    bearer: true,
    body: Type.Object({ full: Type.Optional(Type.Boolean()) }),
    response: { 200: Type.Object({ scan: ScanRun, started: Type.Boolean() }), ...Refusals },
  }),
  scanEvents: defineRoute({
    method: 'GET',
    path: '/api/admin/scans/events',
    tags: ['admin', 'libraries'],
    summary: 'Server-Sent Events: `scan` with a ScanRun about every half second while one runs, then `idle`',
    description:
      'text/event-stream. Events: `scan` (data: ScanRun, running or just finished) and `idle` (data: {}) when none runs; a comment line every 15 s keeps proxies from closing the stream.',
    bearer: true,
    response: { 200: Type.String({ description: 'text/event-stream' }), ...Refusals },
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/admin/scans/:id/report',
    tags: ['admin', 'libraries'],
    summary: 'One scan’s report: works added, updated, removed and everything skipped, searchable',
    bearer: true,
    params: Type.Object({ id: RowId }),
    querystring: Type.Object({
      ...PageQuery,
      q: Type.Optional(Str(200, { description: 'text the path or detail contains' })),
      kind: Type.Optional(StringEnum(SCAN_REPORT_KINDS)),
    }),
    response: {
      200: Type.Object({
        scan: ScanRun,
        items: Type.Array(ScanReportItem),
        pagination: Pagination,
        counts: Type.Record(Type.String(), Type.Integer()),
      }),
      ...Refusals,
    },
  }),
};
