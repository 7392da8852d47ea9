/**
 * What a library scan reports (docs/console.md): why a folder or file was left out — one closed
 * list shared by the scanner, its stored reports and the console — and the kinds of report lines.
 */

export const SCAN_SKIP_REASONS = [
  /** A second folder with a work code already indexed from another folder. */
  'duplicate-code',
  /** A folder or file the server may not read, or that vanished while it was read. */
  'unreadable',
  /** An audio file whose header cannot be read. */
  'corrupt-audio',
  /** A symlink back to a folder already visited (the folder itself, an ancestor, a sibling's). */
  'symlink-loop',
  /** A name that is not valid text in any encoding the scanner knows. */
  'name-encoding',
  /** A symlink that leads outside the library roots. */
  'outside-library',
  /** A file of zero bytes. */
  'empty-file',
  /** A sidecar or store answer that could not be used (the next metadata source was). */
  'metadata',
  /** A work that could not be written to the catalogue. */
  'work-failed',
  /** A work folder without one playable audio or video file: not added. */
  'no-playable-audio',
  /** A symlink to a folder the library already holds by its own path: nothing added twice. */
  'linked-folder',
] as const;
export type ScanSkipReason = (typeof SCAN_SKIP_REASONS)[number];

/**
 * Why a folder or link could not be read (`unreadable`, `symlink-loop` lines): a key the console
 * translates, given as the `cause` parameter of a report line.
 */
export const SCAN_READ_CAUSES = ['permission', 'missing', 'loop', 'other'] as const;
export type ScanReadCause = (typeof SCAN_READ_CAUSES)[number];

/** Which metadata source could not be used (`metadata` lines, parameter `source`). */
export const SCAN_METADATA_PROBLEMS = ['too-large', 'unreadable', 'not-object', 'no-title', 'store'] as const;
export type ScanMetadataProblem = (typeof SCAN_METADATA_PROBLEMS)[number];

export const SCAN_REPORT_KINDS = ['added', 'updated', 'removed', 'skipped'] as const;
export type ScanReportKind = (typeof SCAN_REPORT_KINDS)[number];

export const SCAN_KINDS = ['quick', 'full'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** Who started a scan: an administrator in the console, the server's start, or the schedule. */
export const SCAN_TRIGGERS = ['console', 'startup', 'schedule'] as const;
export type ScanTrigger = (typeof SCAN_TRIGGERS)[number];

export const SCAN_STATUSES = ['running', 'finished', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const SCAN_PHASES = ['discover', 'works', 'cleanup'] as const;
export type ScanPhase = (typeof SCAN_PHASES)[number];

/** Scans whose reports are kept; older ones are deleted when a scan finishes. */
export const SCAN_REPORTS_KEPT = 20;

/** Report lines kept per scan: a first scan of a huge library lists its first works only. */
export const SCAN_REPORT_ITEMS_MAX = 50_000;

/**
 * When a library root is scanned by itself: `default` every SASAYAKI_RESCAN_MINUTES (10 unless
 * set), `off` never, `hours` every N hours, `daily` once a day at a time (HH:MM, server time).
 */
export const SCAN_SCHEDULE_MODES = ['default', 'off', 'hours', 'daily'] as const;
export type ScanScheduleMode = (typeof SCAN_SCHEDULE_MODES)[number];
