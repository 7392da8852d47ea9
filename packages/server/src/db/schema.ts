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
  password_hash: string;
  /** user, guest or administrator. */
  grp: Generated<string>;
  email: string | null;
  recommender_uuid: string;
  /** Bumped on password change: tokens issued before are refused. */
  token_version: Generated<number>;
  created_at: number;
  updated_at: number;
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

export interface SettingsTable {
  key: string;
  value: string;
}

/** One row (id 1): the catalogue generation, bumped by triggers on every catalogue write. */
export interface CatalogueStateTable {
  id: number;
  generation: number;
}

export interface Database {
  catalogue_state: CatalogueStateTable;
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
}

export type WorkRow = Selectable<WorksTable>;
export type NewWork = Insertable<WorksTable>;
export type FileRow = Selectable<FilesTable>;
export type UserRow = Selectable<UsersTable>;
export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type TagRow = Selectable<TagsTable>;
