/**
 * The error catalogue (docs/product.md §8): every error the server answers, by a stable code,
 * with its HTTP status and its English message. The server builds every error answer from here
 * (`{error, code, params?, details?}`); the web app shows its own translation of the code and
 * falls back to the message. Messages are the texts third-party clients already compare
 * (docs/compatibility.md): change one only as an API change.
 *
 * A message may name parameters as `{{name}}`; their values travel in the answer's `params`.
 */

interface ErrorEntry {
  readonly status: number;
  readonly message: string;
}

export const ERRORS = {
  // Requests in general
  INVALID_REQUEST: { status: 400, message: 'Invalid request: {{reason}}' },
  BAD_REQUEST: { status: 400, message: '{{reason}}' },
  URL_TOO_LONG: { status: 414, message: '{{reason}} (send long search keywords with POST /api/search/)' },
  BODY_TOO_LARGE: { status: 413, message: '{{reason}}' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: '{{reason}}' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Not found: {{method}} {{path}}' },
  BAD_NUMBER: { status: 400, message: '{{name}} must be a whole number from {{min}} to {{max}}' },
  NUL_CHARACTER: { status: 400, message: 'Text may not contain the NUL character (U+0000)' },
  BAD_HOST: { status: 400, message: 'The Host header is not a valid host name' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  CLIENT_CLOSED_REQUEST: { status: 499, message: 'The client closed the request' },
  INSUFFICIENT_STORAGE: {
    status: 507,
    message: 'The server has no disk space left: nothing was saved. Try again once space has been freed.',
  },
  DB_TIMEOUT: { status: 503, message: 'The database took too long to answer: try again later.' },
  DB_BUSY: { status: 503, message: 'The database is busy: try again in a few seconds.' },
  DB_UNAVAILABLE: { status: 503, message: 'The database is unreachable: try again in a few seconds.' },
  MAINTENANCE: { status: 503, message: 'The site is under maintenance' },
  SHUTTING_DOWN: { status: 503, message: 'This server is shutting down: try again in a moment.' },
  RATE_LIMITED: { status: 429, message: 'too many requests, try again later' },

  // Session and accounts
  NO_TOKEN: { status: 401, message: 'No authorization token was found' },
  JWT_EXPIRED: { status: 401, message: 'jwt expired' },
  BAD_LOGIN: { status: 401, message: 'incorrect name or password' },
  LOGIN_RATE_LIMITED: { status: 429, message: 'too many login attempts, try again later' },
  // The same text as sign-ins (the web app translates it); the code tells which limit.
  REGISTRATION_RATE_LIMITED: {
    status: 429,
    message: 'too many accounts registered from this address, try again later',
  },
  RESET_RATE_LIMITED: { status: 429, message: 'too many password reset attempts, try again later' },
  REGISTRATION_CLOSED: { status: 403, message: 'registration is closed' },
  NAME_TOO_SHORT: { status: 400, message: 'name must be at least {{min}} characters' },
  NAME_TOO_LONG: { status: 400, message: 'name must be at most {{max}} characters' },
  NAME_INVISIBLE_CHARACTERS: {
    status: 400,
    message: 'name must not contain invisible or control characters',
  },
  PASSWORD_TOO_SHORT: { status: 400, message: 'password must be at least {{min}} characters' },
  PASSWORD_TOO_LONG: { status: 400, message: 'password must be at most {{max}} characters' },
  NAME_TAKEN: { status: 409, message: 'user name already taken' },
  USER_NOT_FOUND: { status: 404, message: 'user not found' },
  USER_NOT_FOUND_NAMED: { status: 404, message: 'user not found: {{name}}' },
  BAD_GROUP: { status: 400, message: 'group must be one of {{groups}}' },
  WRONG_PASSWORD: { status: 403, message: 'current password is incorrect' },
  GUEST_PASSWORD: { status: 403, message: 'guest cannot change password' },
  GUEST_EMAIL: { status: 403, message: 'guest cannot link email' },
  CHANGE_OWN_PASSWORD: {
    status: 403,
    message: 'change your own password with POST /api/auth/change-password: it asks for the current one',
  },
  MUST_UNLINK_EMAIL: { status: 409, message: 'must unlink email first' },
  EMAIL_TAKEN: { status: 409, message: 'email already linked to another user' },
  BAD_EMAIL: { status: 400, message: 'Please enter a valid email address.' },
  NOT_VERIFIED: { status: 400, message: 'not verified yet' },
  VERIFY_EXPIRED: { status: 410, message: 'verify id expired' },
  NO_EMAIL: { status: 400, message: 'no email is linked' },
  NAME_OR_EMAIL_REQUIRED: { status: 400, message: 'name or email is required' },
  ADMIN_ONLY: { status: 403, message: 'administrator only' },
  CANNOT_DELETE_GUEST: { status: 403, message: 'cannot delete the guest account' },
  CANNOT_DELETE_SELF: { status: 403, message: 'cannot delete yourself' },
  REGISTRATION_SETTING_INVALID: { status: 400, message: 'enabled must be true, false or null' },
  SETUP_DONE: { status: 409, message: 'an administrator already exists: log in instead' },
  INVITATION_INVALID: {
    status: 404,
    message: 'this invitation is unknown, used, revoked or expired',
  },
  INVITATION_NOT_FOUND: { status: 404, message: 'no open invitation with this id' },
  INVITATION_RATE_LIMITED: { status: 429, message: 'too many invitation attempts, try again later' },

  // Library roots and scans (the console)
  LIBRARY_ROOT_NOT_FOUND: { status: 404, message: 'library root not found' },
  LIBRARY_ROOT_READ_ONLY: {
    status: 403,
    message: 'this library root comes from SASAYAKI_LIBRARY: change it there',
  },
  FOLDER_NOT_FOUND: { status: 404, message: 'no such folder: {{path}}' },
  FOLDER_NAME_ENCODING: {
    status: 400,
    message: 'a library folder’s own path must be valid UTF-8: add the folder above it ({{parent}})',
  },
  FOLDER_UNREADABLE: { status: 403, message: 'the server cannot read this folder: {{path}}' },
  FOLDER_NOT_ABSOLUTE: { status: 400, message: 'give the folder as an absolute path' },
  FOLDER_IN_DATA: { status: 400, message: 'the folder overlaps the data folder ({{dataDir}})' },
  FOLDER_FORBIDDEN: { status: 403, message: 'the server keeps out of this folder ({{path}})' },
  FOLDER_OVERLAPS_ROOT: { status: 409, message: 'the folder overlaps the library root {{root}}' },
  SCAN_NOT_FOUND: { status: 404, message: 'scan not found' },
  ACCOUNT_DISABLED: { status: 403, message: 'this account is disabled' },
  GUEST_GROUP_FIXED: { status: 403, message: 'the guest account stays in the guest group' },
  LAST_ADMIN: {
    status: 409,
    message: 'the last administrator cannot be demoted, disabled or deleted: make another one first',
  },
  MAIL_FAILED: { status: 502, message: 'the mail could not be sent: {{reason}}' },
  BACKUP_NOT_FOUND: { status: 404, message: 'backup not found' },
  BACKUP_FAILED: { status: 503, message: 'the backup could not be taken: {{reason}}' },

  // Site settings and monitoring (administrator's console)
  SETTING_UNKNOWN: { status: 400, message: 'unknown setting: {{key}}' },
  SETTING_INVALID: { status: 400, message: 'invalid setting: {{reason}}' },
  SETTING_FROM_ENVIRONMENT: {
    status: 409,
    message: '{{key}} is set by the environment variable {{env}}: change it there',
  },
  METRICS_TOKEN: { status: 401, message: 'a valid metrics token is required' },
  // App passwords (music apps through the Subsonic API)
  APP_PASSWORD_NAME: { status: 400, message: 'name must be 1 to {{max}} characters' },
  APP_PASSWORDS_TOO_MANY: { status: 409, message: 'at most {{max}} app passwords per account' },
  APP_PASSWORD_NOT_FOUND: { status: 404, message: 'app password not found' },
  GUEST_APP_PASSWORD: { status: 403, message: 'guest cannot create app passwords' },
  GUEST_SESSIONS: { status: 403, message: 'the guest account is shared: it has no device list' },
  SESSION_NOT_FOUND: { status: 404, message: 'session not found' },

  // Tags and votes
  GUEST_VOTE: { status: 403, message: 'guest cannot vote' },
  MUST_BIND_EMAIL: { status: 403, message: 'must bind email first' },
  VOTE_STATUS_INVALID: { status: 400, message: 'status must be 0 (no vote), 1 (up) or 2 (down)' },
  TAG_NOT_ON_WORK: { status: 404, message: 'tag is not attached to this work' },
  TAGS_NOT_FOUND: { status: 404, message: 'tag not found: {{ids}}' },
  TAG_IDS_EMPTY: { status: 400, message: 'tagIDs must list at least one tag id' },
  TOO_MANY_TAGS: { status: 400, message: 'at most {{max}} tags at once' },

  // Community subtitles (docs/subtitles.md)
  SUBTITLE_NOT_FOUND: { status: 404, message: 'subtitle not found' },
  SUBTITLE_NOT_PENDING: { status: 409, message: 'this subtitle has already been reviewed' },
  SUBTITLE_FORMAT: { status: 400, message: '{{name}}: not a subtitle file (lrc, vtt, srt or ass)' },
  SUBTITLE_TOO_LARGE: { status: 413, message: '{{name}}: larger than {{max}} bytes' },
  SUBTITLE_TOO_MANY_LINES: { status: 400, message: '{{name}}: more than {{max}} lines' },
  SUBTITLE_BINARY: { status: 400, message: '{{name}}: binary data, not text' },
  SUBTITLE_ENCODING: { status: 400, message: '{{name}}: the text encoding could not be read' },
  SUBTITLE_NO_CUES: { status: 400, message: '{{name}}: no timed lines found' },
  SUBTITLE_TIMING: { status: 400, message: '{{name}}: wrong timing: {{reason}}' },
  SUBTITLE_MARKUP: { status: 400, message: '{{name}}: HTML or script in the text' },
  SUBTITLE_BAD_NAME: { status: 400, message: '{{name}}: a file name may not hold folders or ..' },
  SUBTITLE_NO_TRACK: { status: 400, message: '{{name}}: matches no track of this work' },
  SUBTITLE_ZIP: { status: 400, message: '{{name}}: zip archive refused: {{reason}}' },
  SUBTITLE_TOO_MANY_FILES: { status: 400, message: 'at most {{max}} subtitle files per upload' },
  SUBTITLE_DUPLICATE: { status: 409, message: '{{name}}: the same text is already sent for this track' },
  SUBTITLE_DAILY_LIMIT: { status: 429, message: 'at most {{max}} subtitle files a day per account' },
  SUBTITLE_RATE_LIMITED: { status: 429, message: 'too many uploads from this address, try again later' },
  SUBTITLE_QUOTA: { status: 507, message: 'the storage for community subtitles is full' },
  SUBTITLE_REASON_REQUIRED: { status: 400, message: 'give the contributor a reason' },

  // Playlists
  GUEST_PLAYLIST: { status: 403, message: 'guest cannot create playlist' },
  SYSTEM_PLAYLIST: { status: 403, message: 'cannot create or delete system playlist' },
  RENAME_SYSTEM_PLAYLIST: { status: 403, message: 'cannot rename system playlist' },
  LIKE_OWN_PLAYLIST: { status: 403, message: 'cannot like own playlist' },
  PLAYLIST_NOT_FOUND: { status: 404, message: 'playlist not found' },
  NOT_PLAYLIST_OWNER: { status: 403, message: 'only the owner can change this playlist' },
  PLAYLIST_NAME_REQUIRED: { status: 400, message: 'playlist name is required' },
  PLAYLIST_NAME_TOO_LONG: { status: 400, message: 'playlist name must be at most {{max}} characters' },
  PLAYLIST_DESCRIPTION_TOO_LONG: { status: 400, message: 'description must be at most {{max}} characters' },
  PLAYLIST_PRIVACY_INVALID: {
    status: 400,
    message: 'privacy must be 0 (private), 1 (unlisted) or 2 (public)',
  },
  PLAYLIST_REQUEST_TOO_LARGE: { status: 413, message: 'at most {{max}} works per request' },
  PLAYLIST_FULL: { status: 413, message: 'a playlist holds at most {{max}} works' },
  PLAYLIST_WORKS_NOT_FOUND: { status: 404, message: 'Work not found: {{ids}}' },

  // Reviews
  RATING_INVALID: { status: 400, message: 'rating must be a whole number from 0 to 5 (0 or null clears it)' },
  PROGRESS_INVALID: { status: 400, message: 'progress must be one of {{values}} (or null)' },
  REVIEW_TEXT_TOO_LONG: { status: 400, message: 'review_text must be at most {{max}} characters' },
  REVIEW_NOT_FOUND: { status: 404, message: 'no review of this work' },

  // Listening state: positions, queue, history, bookmarks
  GUEST_LISTENING: { status: 403, message: 'guest cannot keep listening state' },
  TRACK_NOT_FOUND: { status: 404, message: 'track not found: {{track}}' },
  LISTENING_TARGET_REQUIRED: { status: 400, message: 'give one of {{fields}}' },
  TRACKS_QUERY_INVALID: {
    status: 400,
    message: 'tracks must be at most {{max}} comma-separated track hashes like 1441165/1606208',
  },
  BOOKMARK_NOT_FOUND: { status: 404, message: 'bookmark not found' },
  BOOKMARKS_FULL: { status: 413, message: 'an account keeps at most {{max}} bookmarks' },
  BEACON_INVALID: { status: 400, message: 'the beacon body must be JSON: {{reason}}' },

  // Feedback ("report a problem")
  FEEDBACK_CATEGORY: { status: 400, message: 'category must be one of {{categories}}' },
  FEEDBACK_DETAILS_EMPTY: { status: 400, message: 'details must not be empty' },
  FEEDBACK_DETAILS_TOO_LONG: { status: 400, message: 'details must be at most {{max}} characters' },
  FEEDBACK_NOT_FOUND: { status: 404, message: 'feedback not found' },
  FEEDBACK_RATE_LIMITED: { status: 429, message: 'too many requests, try again later' },

  // Recommender
  RECOMMENDER_RATE_LIMITED: { status: 429, message: 'too many requests, try again later' },
  RECOMMENDER_UUID_REQUIRED: { status: 400, message: 'recommenderUuid is required' },
  RECOMMENDER_EVENT_INVALID: { status: 400, message: 'type must be one of {{types}}' },
  RECOMMENDER_ITEM_UNKNOWN: { status: 400, message: 'itemId is not a work of this library' },

  // Catalogue, search and media
  WORK_NOT_FOUND: { status: 404, message: 'Work not found' },
  WORK_NOT_FOUND_OTHER_PREFIX: {
    status: 404,
    message: 'Work not found: {{digits}} is {{code}}. {{hints}}: ask for that id or code',
  },
  TRACKS_NOT_FOUND: { status: 404, message: 'No tracks found: unknown work' },
  TRACKS_NOT_FOUND_OTHER_PREFIX: {
    status: 404,
    message: 'No tracks found: unknown work: {{digits}} is {{code}}. {{hints}}: ask for that id or code',
  },
  WORK_ID_INVALID: {
    status: 400,
    message: 'Work id "{{id}}" is not valid: use 1441165, 01441165 or RJ01441165',
  },
  WORK_ID_FIELD_INVALID: { status: 400, message: '{{field}} must be a work id like 1441165 or RJ01441165' },
  CIRCLE_NOT_FOUND: { status: 404, message: 'Circle not found' },
  TAG_NOT_FOUND: { status: 404, message: 'Tag not found' },
  VA_NOT_FOUND: { status: 404, message: 'Voice actor not found' },
  ORDER_INVALID: { status: 400, message: 'order must be one of {{orders}}' },
  SORT_INVALID: { status: 400, message: 'sort must be asc or desc' },
  FLAG_INVALID: { status: 400, message: '{{name}} must be 0 or 1' },
  LOCAL_SUBTITLED_TOO_MANY: { status: 400, message: 'localSubtitledWorks accepts at most {{max}} work ids' },
  LOCAL_SUBTITLED_INVALID: { status: 400, message: 'localSubtitledWorks must be a list of work ids' },
  PLAYLIST_STATUS_TOO_MANY: {
    status: 400,
    message: 'withPlaylistStatus accepts at most {{max}} playlist ids',
  },
  TOO_MANY_SEARCH_TERMS: {
    status: 400,
    message: 'A search takes at most {{max}} terms (this one has {{count}})',
  },
  SEARCH_KEYWORD_TOO_LONG: {
    status: 400,
    message: 'A search keyword has at most {{max}} characters (this one has {{length}})',
  },
  SEARCH_TERM_EMPTY: { status: 400, message: 'A search term is empty' },
  SEARCH_TERM_NO_VALUE: {
    status: 400,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a search term is written $ns:VALUE$
    message: 'Search term {{term}} has no value: write it as ${{namespace}}:VALUE$',
  },
  SEARCH_TERM_RATE: {
    status: 400,
    message: 'Search term {{term}}: the rating must be a number from 0 to 5, e.g. $rate:4.5$',
  },
  SEARCH_TERM_SELL: {
    status: 400,
    message: 'Search term {{term}}: the sales count must be a whole number, e.g. $sell:1000$',
  },
  SEARCH_TERM_PRICE: {
    status: 400,
    message: 'Search term {{term}}: the price in JPY must be a whole number, e.g. $price:500$',
  },
  SEARCH_TERM_DURATION: {
    status: 400,
    message:
      'Search term {{term}}: the duration must look like 30m, 1.2h, 90s or 1h30m (a bare number is minutes)',
  },
  SEARCH_TERM_AGE: { status: 400, message: 'Search term {{term}}: the age must be general, r15 or adult' },
  SEARCH_TERM_LANG: {
    status: 400,
    message:
      'Search term {{term}}: the language must be one of JPN, ENG, CHI_HANS, CHI_HANT, CHI, KO_KR, SPA, ITA, GER, FRE',
  },
  SEARCH_NAMESPACE_UNKNOWN: {
    status: 400,
    message:
      'Unknown search namespace "{{namespace}}" in {{term}}: use one of tag, tagw, circle, va, rate, price, sell, age, duration, lang (short: t, c, v, d)',
  },
  COVER_INVALID: {
    status: 400,
    message: 'Cover "{{file}}" is not valid: ask for {workId}.jpg or {workId}, e.g. 1441165.jpg',
  },
  FILE_NOT_FOUND: { status: 404, message: 'File not found' },
  FILE_OUTSIDE_LIBRARY: { status: 403, message: 'File is outside the library' },
  ARCHIVE_PATH_INVALID: {
    status: 400,
    message: 'path must be a folder of the work: names separated by "/", without "." or ".."',
  },
  ARCHIVE_FOLDER_NOT_FOUND: { status: 404, message: 'Folder not found' },
  ARCHIVE_EMPTY: { status: 404, message: 'This work has no files' },
  FILE_CHANGED: {
    status: 404,
    message: 'File changed on disk since the last library scan: it is served again after a rescan',
  },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'Range not satisfiable: the file has {{size}} bytes' },
  LOW_QUALITY_OFF: { status: 404, message: 'Low-quality streams are off: the server has no ffmpeg' },
  LOW_QUALITY_AUDIO_ONLY: { status: 400, message: 'Only audio files have a low-quality stream' },
  TRANSCODE_FAILED: {
    status: 422,
    message: 'This audio file cannot be transcoded: play or download the original',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** The `{{name}}` placeholders of a message, as a union of names. */
type Placeholders<M extends string> = M extends `${string}{{${infer P}}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

export type ErrorParamValue = string | number;
/** The parameters a code's message names. */
export type ErrorParams<C extends ErrorCode> = {
  [K in Placeholders<(typeof ERRORS)[C]['message']>]: ErrorParamValue;
};
/** `[params]` for a code whose message has placeholders, `[]` for one without. */
export type ErrorArgs<C extends ErrorCode> = [Placeholders<(typeof ERRORS)[C]['message']>] extends [never]
  ? []
  : [params: ErrorParams<C>];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A message with its `{{name}}` placeholders filled in (a missing value leaves the placeholder). */
export function fillPlaceholders(message: string, params?: Readonly<Record<string, unknown>>): string {
  if (!params) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English message of a code. */
export function errorMessage<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): string {
  return fillPlaceholders(ERRORS[code].message, args[0] as Record<string, unknown> | undefined);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** The placeholder names of a message, in order. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}
