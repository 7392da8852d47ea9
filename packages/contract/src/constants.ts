/**
 * Values and limits of the product (docs/product.md §3, §9) shared by server and web. Plain data with no
 * dependencies beyond workCode.ts, so the web bundle does not carry the runtime schemas of api.ts.
 */
import { WORK_ID_MAX } from './workCode.ts';

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
  /** Highest page number of any paginated list. */
  pageMax: 1_000_000,
  pageSizeOptions: [20, 40, 60, 80, 100],
  seedMax: 99,
  keywordGetMax: 500,
  /** Longest search keyword the server takes (characters), by GET or POST. */
  keywordMax: 1000,
  /** Most terms in one search: each is a subquery, and planning cost grows faster than linearly. */
  searchTermsMax: 16,
  playlistDropdownPageSize: 12,
  feedbackDetails: 2000,
  /** Highest work id: RJ, BJ and VJ codes each own 100,000,000 ids (workCode.ts). */
  workIdMax: WORK_ID_MAX,
  /** Most ids in `localSubtitledWorks`: each is one bound SQL parameter. */
  localSubtitledWorksMax: 10_000,
  /** Most playlist ids in `withPlaylistStatus`. */
  withPlaylistStatusMax: 100,
  /** Longest playlist id accepted (they are UUIDs). */
  playlistIdMax: 64,
  /** Longest review text (characters). */
  reviewText: 10_000,
  /** Most works one playlist request adds or removes, and most works in a playlist. */
  playlistWorksPerRequest: 2000,
  playlistWorks: 5000,
  /** Longest name of an app password, and most app passwords of one account. */
  appPasswordName: 60,
  appPasswordsPerUser: 20,
} as const;

/** Cover variants: the full image, the store's small one and the 240×240 thumbnail. */
export const COVER_TYPES = ['main', 'sam', '240x240'] as const;
export type CoverType = (typeof COVER_TYPES)[number];
/**
 * The box each variant is made to fit, in pixels (the server never enlarges): a page that shows a
 * cover at a known width picks the smallest variant wide enough (`srcset`).
 */
export const COVER_BOX: Record<CoverType, number> = { main: 1000, sam: 300, '240x240': 240 };

/** The recommender's events that say a work was played: how far, or how much of it. */
export const PLAY_EVENTS = [
  'start',
  'play5m',
  'play15m',
  'play30m',
  'play60m',
  'progress30',
  'progress60',
  'progress90',
] as const;

/** Listening events the recommender records (POST /api/recommender/feedback). */
export const RECOMMENDER_EVENTS = [...PLAY_EVENTS, 'rate', 'mark', 'like', 'dislike'] as const;
export type RecommenderEvent = (typeof RECOMMENDER_EVENTS)[number];

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

/** The low-quality stream of an audio file (GET /api/media/stream-lq), made with ffmpeg. */
export const LOW_QUALITY_STREAM = { extension: 'mp3', contentType: 'audio/mpeg', bitrate: '96k' } as const;
