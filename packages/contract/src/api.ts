/**
 * Runtime schemas and types of the HTTP API (docs/product.md §3, §7 and docs/compatibility.md).
 * The server validates and documents with these schemas; the web app and tests use the types.
 */
import type { Static, TSchema } from 'typebox';
import * as Type from 'typebox/type';
import { AGE_CATEGORIES, TRACK_NODE_TYPES, type TrackNodeType } from './constants.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.String(),
    /** The stable name of the failure in the error catalogue (`errors.ts`, e.g. `INSUFFICIENT_STORAGE`). */
    code: Type.Optional(Type.String()),
    /** The values the message names (`{{max}}` → `params.max`), for a client's own translation. */
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorBody', description: 'Every failed request answers with this body and a 4xx/5xx status.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;

export const Pagination = Type.Object({
  currentPage: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type Pagination = Static<typeof Pagination>;

export const CircleRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  source_id: Type.String(),
  source_type: Type.String(),
});
export type CircleRef = Static<typeof CircleRef>;

export const VaRef = Type.Object({
  id: Type.String({ description: 'UUIDv5 of the name' }),
  name: Type.String(),
});
export type VaRef = Static<typeof VaRef>;

const TagName = Type.Object({ name: Type.String(), censored: Type.Optional(Type.String()) });
const TagI18n = Type.Object({ 'en-us': TagName, 'ja-jp': TagName, 'zh-cn': TagName });

export const WorkTag = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  i18n: TagI18n,
  upvote: Type.Integer(),
  downvote: Type.Integer(),
  voteRank: Type.Integer(),
  voteStatus: Type.Integer({ description: 'weak 0, normal 1, downvoted 2' }),
  myVote: Type.Integer({ description: "the caller's vote: 0 none, 1 up, 2 down" }),
});
export type WorkTag = Static<typeof WorkTag>;

export const RateCountDetail = Type.Object({
  review_point: Type.Integer({ minimum: 1, maximum: 5 }),
  count: Type.Integer(),
  ratio: Type.Integer({ description: 'percent of all ratings, 0-100' }),
});
export type RateCountDetail = Static<typeof RateCountDetail>;

export const RankEntry = Type.Object({
  term: Type.String(),
  category: Type.String(),
  rank: Type.Integer(),
  rank_date: Type.String(),
});

export const LanguageEdition = Type.Object({
  lang: Type.String(),
  label: Type.String(),
  workno: Type.String(),
  edition_id: Type.Integer(),
  edition_type: Type.String(),
  display_order: Type.Integer(),
});
export type LanguageEdition = Static<typeof LanguageEdition>;

export const OtherLanguageEdition = Type.Object({
  id: Type.Integer(),
  lang: Type.String(),
  title: Type.String(),
  source_id: Type.String(),
  is_original: Type.Boolean(),
  source_type: Type.String(),
});
export type OtherLanguageEdition = Static<typeof OtherLanguageEdition>;

export const TranslationInfo = Type.Object(
  {
    lang: Nullable(Type.String()),
    is_original: Type.Boolean(),
    is_parent: Type.Boolean(),
    is_child: Type.Boolean(),
    original_workno: Nullable(Type.String()),
    parent_workno: Nullable(Type.String()),
    child_worknos: Type.Array(Type.String()),
  },
  { additionalProperties: true },
);
export type TranslationInfo = Static<typeof TranslationInfo>;

/**
 * A work as every list and detail endpoint returns it. `rate_*` fields are the store's rating
 * (imported metadata); `site_rate_*` fields are computed from this site's own user reviews.
 */
export const Work = Type.Object({
  id: Type.Integer(),
  source_id: Type.String(),
  source_type: Type.String(),
  source_url: Type.String(),
  title: Type.String(),
  circle_id: Type.Integer(),
  name: Type.String({ description: 'circle name (legacy flat field)' }),
  circle: CircleRef,
  vas: Type.Array(VaRef),
  tags: Type.Array(WorkTag),
  nsfw: Type.Boolean(),
  age_category_string: Type.Union(AGE_CATEGORIES.map((a) => Type.Literal(a))),
  release: Type.String({ description: 'YYYY-MM-DD' }),
  create_date: Type.String({ description: 'YYYY-MM-DD: when the work entered this library' }),
  dl_count: Type.Integer(),
  price: Type.Integer(),
  review_count: Type.Integer(),
  rate_count: Type.Integer(),
  rate_average_2dp: Type.Number(),
  rate_count_detail: Type.Array(RateCountDetail),
  site_rate_count: Type.Integer({ description: 'ratings given on this site by its users' }),
  site_rate_average_2dp: Type.Number(),
  site_rate_count_detail: Type.Array(RateCountDetail),
  rank: Nullable(Type.Array(RankEntry)),
  has_subtitle: Type.Boolean(),
  duration: Type.Integer({ description: 'total audio seconds' }),
  language_editions: Type.Array(LanguageEdition),
  other_language_editions_in_db: Type.Array(OtherLanguageEdition),
  translation_info: TranslationInfo,
  original_workno: Nullable(Type.String()),
  work_attributes: Type.String(),
  samCoverUrl: Type.String(),
  thumbnailCoverUrl: Type.String(),
  mainCoverUrl: Type.String(),
  userRating: Nullable(Type.Integer()),
  review_text: Type.Optional(Nullable(Type.String())),
  progress: Type.Optional(Nullable(Type.String())),
  updated_at: Type.Optional(Nullable(Type.String())),
  user_name: Type.Optional(Nullable(Type.String())),
  playlistStatus: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});
export type Work = Static<typeof Work>;

export const WorkList = Type.Object({ works: Type.Array(Work), pagination: Pagination });
export type WorkList = Static<typeof WorkList>;

export const Lyric = Type.Object({
  title: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  mediaDownloadUrl: Type.String(),
  hash: Type.Optional(Type.String()),
  /** Where it comes from: a file of the work (`bundled`, the default) or an accepted contribution. */
  source: Type.Optional(
    Type.Unsafe<'bundled' | 'community'>({ type: 'string', enum: ['bundled', 'community'] }),
  ),
  /** Community subtitles: the contributor's name, the language and the version. */
  contributor: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  version: Type.Optional(Type.Integer()),
});
export type Lyric = Static<typeof Lyric>;

export const WorkRef = Type.Object({
  id: Type.Integer(),
  source_id: Type.String(),
  source_type: Type.String(),
});
export type WorkRef = Static<typeof WorkRef>;

type TrackFileType = Exclude<TrackNodeType, 'folder'>;
const TRACK_FILE_TYPES = TRACK_NODE_TYPES.filter((t): t is TrackFileType => t !== 'folder');

/** What a file node carries besides its type and title: the one list of these keys. */
const trackFileKeys = {
  hash: Type.String({ description: '"{workId}/{fileId}"' }),
  work: WorkRef,
  workTitle: Type.String(),
  mediaStreamUrl: Type.String(),
  mediaDownloadUrl: Type.String(),
  streamLowQualityUrl: Type.String(),
  duration: Type.Optional(Type.Number()),
  size: Type.Integer(),
  availableLyrics: Type.Optional(Type.Array(Lyric)),
};

export const TrackFile = Type.Object({
  type: Type.Enum(TRACK_FILE_TYPES),
  title: Type.String(),
  ...trackFileKeys,
});
export type TrackFile = Static<typeof TrackFile>;

/** A folder node, typed by hand because it is recursive (the wire schema below covers it). */
export interface TrackFolder {
  type: 'folder';
  title: string;
  children: TrackNode[];
}
export type TrackNode = TrackFolder | TrackFile;

/**
 * The wire schema of a tree node: one flat object (a folder's children and every file key
 * optional) rather than a union, so the response serialiser walks one shape.
 */
export const TrackNodeSchema = Type.Unsafe<TrackNode>(
  Type.Object(
    {
      type: Type.Union(TRACK_NODE_TYPES.map((t) => Type.Literal(t))),
      title: Type.String(),
      children: Type.Optional(Type.Array(Type.Ref('TrackNode'))),
      ...Type.Partial(Type.Object(trackFileKeys)).properties,
    },
    { $id: 'TrackNode' },
  ),
);

/** A circle, tag or voice actor with its number of works (tags add their i18n names). */
export const EntityCount = Type.Object({
  id: Type.Unsafe<number | string>({ type: ['integer', 'string'] }),
  name: Type.String(),
  count: Type.Integer(),
  source_id: Type.Optional(Type.String()),
  /** Tags only: the name in each locale. */
  i18n: Type.Optional(TagI18n),
});
export type EntityCount = Static<typeof EntityCount>;

export const User = Type.Object({
  loggedIn: Type.Boolean(),
  name: Type.String(),
  group: Type.String({ description: 'user, guest or administrator' }),
  email: Nullable(Type.String()),
  recommenderUuid: Type.String(),
});
export type User = Static<typeof User>;

export const AuthAnswer = Type.Object({ token: Type.String(), user: User });
export type AuthAnswer = Static<typeof AuthAnswer>;

export const Playlist = Type.Object({
  id: Type.String({ format: 'uuid' }),
  user_name: Type.String(),
  privacy: Type.Integer({ description: '0 private, 1 unlisted (known), 2 public' }),
  locale: Type.String(),
  playback_count: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  works_count: Type.Integer(),
  latestWorkID: Nullable(Type.Integer()),
  mainCoverUrl: Type.String(),
  likes_count: Type.Optional(Type.Integer()),
  liked: Type.Optional(Type.Boolean()),
  is_system: Type.Optional(Type.Boolean()),
  /** Covers (240x240) of the up to four most recently added works, for the list's mosaic. */
  mosaicCoverUrls: Type.Optional(Type.Array(Type.String())),
  /** Seconds of audio of all its works (the sum of their durations). */
  total_duration: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type Playlist = Static<typeof Playlist>;

/** GET /api/config/shared: the player settings every client shares (kikoeru front end). */
export const SharedConfigAnswer = Type.Object({
  sharedConfig: Type.Object({
    rewindSeekTime: Type.Integer({ minimum: 1, description: 'seconds' }),
    forwardSeekTime: Type.Integer({ minimum: 1, description: 'seconds' }),
  }),
});
export type SharedConfigAnswer = Static<typeof SharedConfigAnswer>;

/** GET /api/version: the server's version; `update_available` is false as it asks nobody else. */
export const VersionAnswer = Type.Object({
  current: Type.String(),
  latest_stable: Type.String(),
  latest_release: Type.String(),
  update_available: Type.Boolean(),
  notifyUser: Type.Boolean(),
  lockFileExists: Type.Boolean(),
  lockReason: Nullable(Type.String()),
});
export type VersionAnswer = Static<typeof VersionAnswer>;

/** GET /api/media/check-lrc/{workId}/{fileId}: the LRC file linked to a track, by its hash. */
export const CheckLrcAnswer = Type.Object({
  result: Type.Boolean({ description: 'true when an LRC file is linked to the track' }),
  message: Type.String(),
  hash: Type.String({ description: '"{workId}/{fileId}" of the LRC file, "" without one' }),
});
export type CheckLrcAnswer = Static<typeof CheckLrcAnswer>;
