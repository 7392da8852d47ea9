/**
 * Community subtitles (docs/subtitles.md): a listener with a verified email sends subtitle files
 * (or a zip of them) for a work's tracks; they wait in the console's queue until a reviewer
 * accepts (possibly a corrected text) or rejects them with a reason; accepted ones are served to
 * everyone beside the bundled files.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody } from '../api.ts';
import { defineRoute } from './define.ts';
import { OrNull, Refusals, Str, StringEnum } from './fields.ts';

/** The limits of one upload and of what is kept (the server enforces each; the web says them). */
export const SUBTITLE_LIMITS = {
  /** One subtitle file, as sent or as found in a zip. */
  fileBytes: 1024 * 1024,
  /** Lines of one subtitle file. */
  lines: 20_000,
  /** Subtitle files of one upload (a zip counts its entries). */
  files: 100,
  /** The zip itself, compressed. */
  zipBytes: 5 * 1024 * 1024,
  /** Entries of a zip, folders and other files included. */
  zipEntries: 500,
  /** Everything a zip holds, uncompressed. */
  zipUncompressedBytes: 20 * 1024 * 1024,
  /** Uncompressed / compressed size of one zip entry beyond which it is taken for a bomb. */
  zipRatio: 100,
  /** The JSON body: the files travel base64-encoded. */
  bodyBytes: 8 * 1024 * 1024,
  /** Files one account may send in a day. */
  filesPerAccountPerDay: 300,
  /** Uploads from one address in an hour. */
  uploadsPerAddressPerHour: 30,
  /** A note with an upload, and a reviewer's reason. */
  noteChars: 500,
  /** Latest cue end beyond the track's duration that still counts as timed to it, seconds. */
  timingSlackSeconds: 30,
} as const;

/** Languages the web app offers first; any BCP 47-like tag (`ko`, `zh-TW`, `fr`) is taken. */
export const SUBTITLE_LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko'] as const;
export const SUBTITLE_LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$';

export const SUBTITLE_STATUSES = ['pending', 'accepted', 'rejected', 'superseded'] as const;
export type SubtitleStatus = (typeof SUBTITLE_STATUSES)[number];

export const SubtitleContribution = Type.Object({
  id: Type.Integer(),
  workId: Type.Integer(),
  workTitle: Type.String(),
  /** The audio file (track) it is timed to. */
  fileId: Type.Integer(),
  trackTitle: Type.String(),
  /** The name it was sent under, folders dropped: shown, never used as a path. */
  name: Type.String(),
  format: StringEnum(['lrc', 'vtt', 'srt', 'ass'] as const),
  language: Type.String(),
  note: Type.String(),
  contributor: Type.String(),
  status: StringEnum(SUBTITLE_STATUSES),
  /** Why a reviewer refused it: the contributor sees it. */
  reason: Type.String(),
  /** 1 for the first accepted subtitle of a track in a language, then 2, 3… */
  version: OrNull(Type.Integer()),
  /** Accepted with the reviewer's corrected text. */
  corrected: Type.Boolean(),
  lines: Type.Integer(),
  cues: Type.Integer(),
  size: Type.Integer(),
  createdAt: Type.Integer(),
  reviewedAt: OrNull(Type.Integer()),
  reviewedBy: OrNull(Type.String()),
  /** The text (UTF-8, as stored). */
  textUrl: Type.String(),
});
export type SubtitleContribution = Static<typeof SubtitleContribution>;

const Id = Type.Object({ id: Str(12, { pattern: '^[0-9]{1,10}$' }) });
const WorkIdParam = Type.Object({ id: Str(12, { pattern: '^[0-9]{1,10}$' }) });

/** One file of an upload: a subtitle file or a zip of them, base64-encoded. */
export const SubtitleUploadFile = Type.Object({
  name: Str(255, { minLength: 1 }),
  data: Str(Math.ceil((SUBTITLE_LIMITS.zipBytes * 4) / 3) + 4),
  /** The track it is for, as the preview matched it; matched on the server when absent. */
  fileId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SubtitleUploadFile = Static<typeof SubtitleUploadFile>;

export const subtitles = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/subtitles/work/:id',
    tags: ['subtitles'],
    summary: 'Send subtitle files (or a zip of them) for the tracks of a work: they wait for review',
    description:
      'Needs a bound email (MUST_BIND_EMAIL). Every file is checked before any is kept: a refused file refuses the upload (SUBTITLE_* codes, with the file name), and nothing is stored.',
    bearer: true,
    bodyLimit: SUBTITLE_LIMITS.bodyBytes,
    params: WorkIdParam,
    body: Type.Object({
      language: Str(20, { pattern: SUBTITLE_LANGUAGE_PATTERN }),
      note: Type.Optional(Str(SUBTITLE_LIMITS.noteChars)),
      files: Type.Array(SubtitleUploadFile, { minItems: 1, maxItems: SUBTITLE_LIMITS.files }),
    }),
    response: { 200: Type.Object({ contributions: Type.Array(SubtitleContribution) }), ...Refusals },
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/subtitles/mine',
    tags: ['subtitles'],
    summary: "The viewer's contributions, newest first, with their status and any reason",
    bearer: true,
    response: { 200: Type.Object({ contributions: Type.Array(SubtitleContribution) }), ...Refusals },
  }),
  text: defineRoute({
    method: 'GET',
    path: '/api/subtitles/:id/text',
    tags: ['subtitles'],
    summary:
      'The text of a contribution: accepted ones for everyone, others for their contributor and reviewers',
    params: Id,
    response: { 200: Type.String(), ...Refusals },
  }),
  queue: defineRoute({
    method: 'GET',
    path: '/api/admin/subtitles',
    tags: ['admin'],
    summary: 'Contributions of a status (pending by default), oldest first',
    bearer: true,
    querystring: Type.Object({ status: Type.Optional(StringEnum(SUBTITLE_STATUSES)) }),
    response: { 200: Type.Object({ contributions: Type.Array(SubtitleContribution) }), ...Refusals },
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/admin/subtitles/:id/accept',
    tags: ['admin'],
    summary:
      "Accept a pending contribution, optionally with a corrected text; it replaces the track's accepted one in its language",
    bearer: true,
    params: Id,
    body: Type.Object({ text: Type.Optional(Str(SUBTITLE_LIMITS.fileBytes)) }),
    response: { 200: Type.Object({ contribution: SubtitleContribution }), ...Refusals },
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/admin/subtitles/:id/reject',
    tags: ['admin'],
    summary: 'Reject a pending contribution with a reason the contributor sees',
    bearer: true,
    params: Id,
    body: Type.Object({ reason: Str(SUBTITLE_LIMITS.noteChars, { minLength: 1 }) }),
    response: { 200: MessageBody, ...Refusals },
  }),
};
