/**
 * Values and limits of the product (docs/product.md §3, §9) shared by server and web. Plain data with no
 * dependencies, so the web bundle does not carry the runtime schemas of api.ts.
 */

export const AGE_CATEGORIES = ['general', 'r15', 'adult'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

export const PROGRESS_VALUES = ['marked', 'listening', 'listened', 'replay', 'postponed'] as const;
export type Progress = (typeof PROGRESS_VALUES)[number];

export const LANGUAGE_CODES = [
  'JPN',
  'ENG',
  'CHI_HANS',
  'CHI_HANT',
  'CHI',
  'KO_KR',
  'SPA',
  'ITA',
  'GER',
  'FRE',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** The locales of tag names; every key is always present in a tag's i18n. */
export const TAG_LOCALES = ['en-us', 'ja-jp', 'zh-cn'] as const;
export type TagLocale = (typeof TAG_LOCALES)[number];

/** Tag vote of a user: 0 none, 1 up, 2 down. */
export const TAG_VOTE = { none: 0, up: 1, down: 2 } as const;
/** Trust of a tag on a work: weak 0, normal 1, downvoted 2. */
export const TAG_VOTE_STATUS = { weak: 0, normal: 1, downvoted: 2 } as const;

export const TRACK_NODE_TYPES = ['folder', 'audio', 'text', 'image', 'other'] as const;
export type TrackNodeType = (typeof TRACK_NODE_TYPES)[number];

export const USER_GROUPS = ['user', 'guest', 'administrator'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

export const PLAYLIST_PRIVACY = { private: 0, unlisted: 1, public: 2 } as const;

/** System playlists carry this reserved name prefix; the web app shows them as Liked and Marked. */
export const SYSTEM_PLAYLIST_PREFIX = '__SYS_PLAYLIST_';
export const SYSTEM_PLAYLIST_NAMES = {
  liked: '__SYS_PLAYLIST_LIKED',
  marked: '__SYS_PLAYLIST_MARKED',
} as const;

/** Default player seek steps in seconds: the web app's settings and the server's shared config. */
export const DEFAULT_SEEK_SECONDS = { rewind: 5, forward: 30 } as const;
/** What a "Report a problem" message is about (the feedback dialog's required category). */
export const FEEDBACK_CATEGORIES = [
  'noFiles',
  'missingFiles',
  'cantPlay',
  'notOriginal',
  'subtitleNotMatch',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Limits of docs/product.md §9 that the server and the web app both enforce. */
export const LIMITS = {
  usernameMin: 5,
  passwordMin: 5,
  playlistName: 100,
  playlistDescription: 500,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  pageSizeOptions: [20, 40, 60, 80, 100],
  seedMax: 99,
  keywordGetMax: 500,
  /** Longest search keyword the server takes (characters), by GET or POST. */
  keywordMax: 1000,
  /** Most terms in one search: each is a subquery, and planning cost grows faster than linearly. */
  searchTermsMax: 16,
  playlistDropdownPageSize: 12,
  feedbackDetails: 2000,
} as const;

/** Sort orders of the works lists (docs/product.md §9). `rating` is the caller's own rating. */
export const WORK_ORDERS = [
  'release',
  'create_date',
  'rating',
  'dl_count',
  'price',
  'rate_average_2dp',
  'review_count',
  'id',
  'nsfw',
  'random',
  'betterRandom',
] as const;
export type WorkOrder = (typeof WORK_ORDERS)[number];
