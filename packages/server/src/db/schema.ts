/**
 * Kysely table types of the catalogue database. Booleans are integers (0/1) and timestamps are
 * epoch milliseconds in both dialects, so every query reads the same on SQLite and PostgreSQL.
 * JSON columns are text.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface WorksTable {
  id: number;
  source_id: string;
  source_type: Generated<string>;
  source_url: Generated<string>;
  title: string;
  circle_id: number | null;
  release: string | null;
  create_date: string;
  price: Generated<number>;
  dl_count: Generated<number>;
  /** Store rating: count, average and per-star counts (JSON array of 5 counts, 1★ first). */
  rate_count: Generated<number>;
  rate_average_2dp: Generated<number>;
  rate_count_detail: Generated<string>;
  /** Site rating, kept up to date from this site's reviews. */
  site_rate_count: Generated<number>;
  site_rate_average_2dp: Generated<number>;
  site_rate_count_detail: Generated<string>;
  review_count: Generated<number>;
  rank: string | null;
  age_category: Generated<string>;
  nsfw: Generated<number>;
  has_subtitle: Generated<number>;
  /** Accepted community subtitles of the work (services/subtitles.ts); bundled ones are has_subtitle. */
  community_subtitles: Generated<number>;
  duration: Generated<number>;
  /** Language of this edition (JPN, ENG, CHI_HANS, …). */
  lang: string | null;
  language_editions: Generated<string>;
  translation_info: Generated<string>;
  original_workno: string | null;
  work_attributes: Generated<string>;
  /** Lower-cased title, circle, voice actors and tag names: what plain search terms match. */
  search_text: Generated<string>;
  /** Where the work lives: index of the library root and the folder path relative to it. */
  root_index: Generated<number>;
  folder_path: Generated<string>;
  /** Signature of the folder tree at the last scan (sizes and mtimes); unchanged → skipped. */
  scan_signature: Generated<string>;
  /** What the last reading of the work left out (JSON list of StoredProblem); null when nothing. */
  scan_problems: string | null;
  /** Cover image: a path relative to the work folder, or null for the placeholder. */
  cover_path: string | null;
  metadata_source: Generated<string>;
  /** Random key for the `random` order; stable between scans. */
  random_key: Generated<number>;
  updated_at: Generated<number>;
}

export interface CirclesTable {
  id: number;
  name: string;
  source_id: Generated<string>;
  source_type: Generated<string>;
}

export interface VasTable {
  /** UUIDv5 of the name in the namespace of docs/compatibility.md. */
  id: string;
  name: string;
}

export interface WorkVasTable {
  work_id: number;
  va_id: string;
  position: Generated<number>;
}

export interface TagsTable {
  id: number;
  /** Canonical name (the store's, usually Japanese). */
  name: string;
  name_en: string | null;
  name_ja: string | null;
  name_zh: string | null;
  /** Censored variants of the names, where the store shows one. */
  censored_en: string | null;
  censored_ja: string | null;
  censored_zh: string | null;
}

export interface WorkTagsTable {
  work_id: number;
  tag_id: number;
  upvote: Generated<number>;
  downvote: Generated<number>;
  /** weak 0, normal 1, downvoted 2 (contract TAG_VOTE_STATUS). */
  vote_status: Generated<number>;
  /** 'metadata' for tags from the work's metadata, 'user' for tags attached by users. */
  origin: Generated<string>;
  added_by: number | null;
  created_at: Generated<number>;
}

export interface FilesTable {
  /** Stable across rescans: keyed by (work_id, path). */
  id: Generated<number>;
  work_id: number;
  /** Path relative to the work folder, '/'-separated. */
  path: string;
  type: string;
  size: number;
  duration: number | null;
  mtime: number;
  /** Detected text encoding of text files (utf-8, shift_jis, gbk, …). */
  charset: string | null;
  /** Audio whose content is not what its extension says (WAV data in `.mp3`): the real type. */
  content_type: Generated<string | null>;
  /** For a subtitle file: the audio file it belongs to. */
  audio_file_id: number | null;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /**
   * The name NFKC-normalised and case-folded (users.ts `nameKey`): unique, so look-alike names
   * cannot be registered. Null only on rows inserted without it (tests).
   */
  name_key: string | null;
  /** UTS #39 skeleton of the name (services/names.ts), unique: no two names read alike. */
  name_skeleton: string | null;
  password_hash: string;
  /** user, guest or administrator. */
  grp: Generated<string>;
  email: string | null;
  recommender_uuid: string;
  /** Bumped on password change: tokens issued before are refused. */
  token_version: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Last request with a token of this account, written at most once a minute. */
  last_seen_at: number | null;
  /** Set while an administrator has disabled the account: its tokens and sign-ins are refused. */
  disabled_at: number | null;
}

export interface EmailVerificationsTable {
  id: string;
  user_id: number;
  /** 'link' (bind an email) or 'reset' (password reset). */
  purpose: string;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  created_at: number;
}

export interface ReviewsTable {
  user_id: number;
  work_id: number;
  rating: number | null;
  review_text: string | null;
  progress: string | null;
  created_at: number;
  updated_at: number;
  /** Hidden by a moderator: shown to nobody but its author. */
  hidden_at: number | null;
}

export interface TagVotesTable {
  user_id: number;
  work_id: number;
  tag_id: number;
  /** 1 up, 2 down (a cleared vote is deleted). */
  status: number;
  created_at: number;
}

export interface PlaylistsTable {
  id: string;
  user_id: number;
  name: string;
  /** 0 private, 1 unlisted, 2 public. */
  privacy: Generated<number>;
  locale: Generated<string>;
  description: Generated<string>;
  /** 'liked' or 'marked' for the two system playlists of a user, else null. */
  system_kind: string | null;
  playback_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface PlaylistWorksTable {
  playlist_id: string;
  work_id: number;
  added_at: number;
}

export interface PlaylistLikesTable {
  playlist_id: string;
  user_id: number;
  created_at: number;
}

export interface RecommenderEventsTable {
  id: Generated<number>;
  /** The recommender uuid of the listener (a user's own, or an anonymous browser's). */
  subject: string;
  user_id: number | null;
  work_id: number;
  type: string;
  weight: Generated<number>;
  created_at: number;
  /** Who the event counts for in the popular ranking: `u:<user id>`, or `a:<address hash>`. */
  viewer: Generated<string>;
}

/** A "Report a problem" message about a work, read by administrators. */
export interface FeedbackTable {
  id: Generated<number>;
  /** The reporting account; null for an anonymous visitor. */
  user_id: number | null;
  /** No foreign key: a report outlives a work the scanner removes. */
  work_id: number | null;
  category: string;
  details: string;
  /** The page the report was sent from. */
  url: string;
  created_at: number;
  /** When an administrator marked it handled; null while open. */
  handled_at: number | null;
}

/** One administrator action: who, what, when, on what, with which details (JSON). */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_id: number | null;
  /** Kept as text: the log outlives a deleted administrator account. */
  actor_name: string;
  action: string;
  target: string;
  details: string;
}

/** A one-time invitation to register (services/invitations.ts); the code itself is not kept. */
export interface InvitationsTable {
  id: Generated<number>;
  /** SHA-256 of the code, hex. */
  code_hash: string;
  note: string;
  /** The administrator's name, kept as text like the audit log's. */
  created_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The name of the account made with it. */
  used_by: string | null;
  revoked_at: number | null;
}

/** A contributed subtitle file (services/subtitles.ts); its text is in the data folder by id. */
export interface SubtitleContributionsTable {
  id: Generated<number>;
  work_id: number;
  /** The audio file it is timed to. */
  file_id: number;
  user_id: number | null;
  /** The contributor's name when sent, kept like the audit log's. */
  contributor: string;
  language: string;
  note: Generated<string>;
  /** The file name as sent, folders dropped: shown only. */
  name: string;
  format: string;
  sha256: string;
  size: number;
  lines: number;
  cues: number;
  /** pending, accepted, rejected or superseded. */
  status: string;
  reason: Generated<string>;
  version: number | null;
  corrected: Generated<number>;
  address: Generated<string>;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

/** A tag a moderator removed from a work: the scanner does not link it again. */
export interface WorkTagRemovalsTable {
  work_id: number;
  tag_id: number;
  removed_at: number;
}

/** A per-device password of the Subsonic API (subsonic/appPasswords.ts). */
export interface AppPasswordsTable {
  id: Generated<number>;
  user_id: number;
  /** The device or app it was made for, as its owner named it. */
  name: string;
  /** AES-256-GCM of the secret under a key derived from the server's secret: iv.tag.data, base64url. */
  secret_enc: string;
  /** SHA-256 of the secret (hex): how an apiKey finds its row. */
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A library root added in the console; its id is the `works.root_index` of its works (≥ 1000). */
export interface LibraryRootsTable {
  id: number;
  path: string;
  name: string;
  created_at: number;
}

/** A library scan: progress while it runs (updated about once a second), its totals when done. */
export interface ScanRunsTable {
  id: Generated<number>;
  kind: string;
  started_by: string;
  status: string;
  started_at: number;
  finished_at: number | null;
  updated_at: number;
  phase: string | null;
  works_done: Generated<number>;
  works_total: Generated<number>;
  files: Generated<number>;
  current: string | null;
  works_per_second: Generated<number>;
  files_per_second: Generated<number>;
  eta_seconds: number | null;
  added: Generated<number>;
  updated: Generated<number>;
  removed: Generated<number>;
  unchanged: Generated<number>;
  skipped: Generated<number>;
  error: string | null;
}

/** One line of a scan's report: a work added, updated or removed, or something skipped and why. */
export interface ScanReportItemsTable {
  id: Generated<number>;
  scan_id: number;
  kind: string;
  reason: string | null;
  path: string;
  detail: Generated<string>;
  /** JSON object of the values the reason's text shows; null when none. */
  params: string | null;
  /** Skipped lines: the scan that first reported this problem (this scan's id when new). */
  first_seen: number | null;
}

/** A library root's scan schedule (services/scans/schedule.ts). */
export interface ScanSchedulesTable {
  root_id: number;
  mode: Generated<string>;
  hours: number | null;
  daily_at: string | null;
  /** When the schedule last started a scan of the root (the once-across-instances claim). */
  last_run_at: number | null;
  updated_at: number;
}

/** One row (id 1): the catalogue generation, bumped by triggers on every catalogue write. */
export interface CatalogueStateTable {
  id: number;
  generation: number;
}

/** What each catalogue write changed, by generation (migration 110; services/catalogue/workCache.ts). */
export interface CatalogueChangesTable {
  generation: number;
  scope: string;
}

/** The position of an account in a track (the later client time wins). */
export interface ListeningPositionsTable {
  user_id: number;
  work_id: number;
  file_id: number;
  /** Seconds. */
  position: number;
  duration: number | null;
  /** The device that saved it, as it names itself. */
  device: Generated<string>;
  /** The client's clock (ms), never ahead of the server's. */
  updated_at: number;
}

/** An account's play queue: one per account. */
export interface PlayQueuesTable {
  user_id: number;
  /** JSON array of track hashes `{workId}/{fileId}`. */
  tracks: string;
  current_index: number;
  position: number;
  device: string;
  device_id: string;
  updated_at: number;
}

/** One row per track an account played: when last, and how far. */
export interface ListeningHistoryTable {
  user_id: number;
  work_id: number;
  file_id: number;
  position: number;
  duration: number | null;
  played_at: number;
}

export interface ListeningSettingsTable {
  user_id: number;
  /** 1 records history, 0 paused. */
  record_history: number;
  updated_at: number;
  /** The span over which recording was paused: from the first pause to the latest resume (null while paused). */
  history_paused_from: number | null;
  history_paused_until: number | null;
}

/** When history was last cleared: `scope` 'all', 'w:<workId>' or 'f:<fileId>' (migration 120). */
export interface ListeningCutoffsTable {
  user_id: number;
  scope: string;
  cut_at: number;
}

export interface BookmarksTable {
  id: Generated<number>;
  user_id: number;
  work_id: number;
  file_id: number;
  position: number;
  note: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A signed-in device: every sign-in makes one, its token names it (services/sessions.ts). */
export interface SessionsTable {
  id: string;
  user_id: number;
  token_version: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  client: Generated<string>;
  address: Generated<string>;
}

export interface Database {
  catalogue_state: CatalogueStateTable;
  catalogue_changes: CatalogueChangesTable;
  works: WorksTable;
  circles: CirclesTable;
  vas: VasTable;
  work_vas: WorkVasTable;
  tags: TagsTable;
  work_tags: WorkTagsTable;
  files: FilesTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  reviews: ReviewsTable;
  tag_votes: TagVotesTable;
  playlists: PlaylistsTable;
  playlist_works: PlaylistWorksTable;
  playlist_likes: PlaylistLikesTable;
  recommender_events: RecommenderEventsTable;
  settings: SettingsTable;
  feedback: FeedbackTable;
  sessions: SessionsTable;
  library_roots: LibraryRootsTable;
  scan_runs: ScanRunsTable;
  scan_report_items: ScanReportItemsTable;
  scan_schedules: ScanSchedulesTable;
  audit_log: AuditLogTable;
  invitations: InvitationsTable;
  work_tag_removals: WorkTagRemovalsTable;
  app_passwords: AppPasswordsTable;
  listening_positions: ListeningPositionsTable;
  play_queues: PlayQueuesTable;
  listening_history: ListeningHistoryTable;
  listening_settings: ListeningSettingsTable;
  listening_cutoffs: ListeningCutoffsTable;
  bookmarks: BookmarksTable;
  subtitle_contributions: SubtitleContributionsTable;
}

export type WorkRow = Selectable<WorksTable>;
export type NewWork = Insertable<WorksTable>;
export type FileRow = Selectable<FilesTable>;
export type UserRow = Selectable<UsersTable>;
export type LibraryRootRow = Selectable<LibraryRootsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type SubtitleContributionRow = Selectable<SubtitleContributionsTable>;
export type ScanRunRow = Selectable<ScanRunsTable>;
export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type TagRow = Selectable<TagsTable>;
export type AppPasswordRow = Selectable<AppPasswordsTable>;
