/**
 * The administrator's console (group `administrator`): site settings, the audit log, accounts,
 * health and moderation; and `/metrics` for Prometheus.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody, Pagination } from '../api.ts';
import { USER_GROUPS } from '../constants.ts';
import { defineRoute } from './define.ts';
import { OpenObject, OrNull, PageQuery, Refusals, RowId, Str, StringEnum } from './fields.ts';

export const SETTING_KINDS = ['boolean', 'integer', 'text', 'url', 'list', 'secret'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

const SettingValue = Type.Unsafe<boolean | number | string | string[] | null>({
  description: 'boolean, integer, text or list of text; null for a secret',
});

/** A site setting as the console shows it. */
export const SettingInfo = Type.Object({
  key: Type.String(),
  kind: StringEnum(SETTING_KINDS),
  /** The environment variable that overrides it. */
  env: Type.String(),
  /** The variable is set: the value comes from it and the console cannot change it. */
  overridden: Type.Boolean(),
  /** A value is stored in the database (else the default applies). */
  stored: Type.Boolean(),
  value: SettingValue,
  /** Secrets only: whether one is set (their value is never sent). */
  isSet: Type.Optional(Type.Boolean()),
  default: SettingValue,
});
export type SettingInfo = Static<typeof SettingInfo>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.Integer(),
  actor: Type.String(),
  action: Type.String(),
  target: Type.String(),
  details: OpenObject(),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** An account as the console lists it. */
export const ConsoleAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  group: StringEnum(USER_GROUPS),
  email: OrNull(Type.String()),
  createdAt: Type.Integer(),
  lastSeenAt: OrNull(Type.Integer()),
  disabled: Type.Boolean(),
  /** The built-in `guest` account: its group and password are fixed. */
  builtin: Type.Boolean(),
});
export type ConsoleAccount = Static<typeof ConsoleAccount>;

/** What goes with an account when it is deleted. */
export const AccountImpact = Type.Object({
  reviews: Type.Integer(),
  playlists: Type.Integer(),
  tagVotes: Type.Integer(),
  playlistLikes: Type.Integer(),
  /** Problem reports stay, without the name. */
  feedback: Type.Integer(),
});
export type AccountImpact = Static<typeof AccountImpact>;

const CacheInfo = Type.Object({
  name: StringEnum(['transcodes', 'covers']),
  files: Type.Integer(),
  bytes: Type.Integer(),
});

export const ServerError = Type.Object({
  at: Type.Integer(),
  status: OrNull(Type.Integer()),
  method: Type.String(),
  url: Type.String(),
  message: Type.String(),
});
export type ServerError = Static<typeof ServerError>;

export const HealthReport = Type.Object({
  version: Type.String(),
  node: Type.String(),
  startedAt: Type.Integer(),
  uptimeSeconds: Type.Integer(),
  database: Type.Object({
    dialect: StringEnum(['sqlite', 'postgres']),
    /** Bytes on disk (SQLite file, PostgreSQL schema's relations). */
    bytes: Type.Integer(),
    migrations: Type.Array(Type.Object({ name: Type.String(), appliedAt: OrNull(Type.Integer()) })),
  }),
  library: Type.Object({
    roots: Type.Integer(),
    works: Type.Integer(),
    files: Type.Integer(),
    hours: Type.Number(),
    bytes: Type.Integer(),
  }),
  caches: Type.Array(CacheInfo),
  ffmpeg: Type.Object({ present: Type.Boolean(), path: Type.String() }),
  errors: Type.Array(ServerError),
});
export type HealthReport = Static<typeof HealthReport>;

export const ModeratedReview = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  workId: Type.Integer(),
  workTitle: OrNull(Type.String()),
  rating: OrNull(Type.Integer()),
  text: OrNull(Type.String()),
  updatedAt: Type.Integer(),
  hidden: Type.Boolean(),
});
export type ModeratedReview = Static<typeof ModeratedReview>;

const AccountParams = Type.Object({ id: Str(12, { pattern: '^[0-9]{1,10}$' }) });
const ReviewKey = { userId: RowId, workId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) };

export const consoleRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/api/admin/settings',
    tags: ['admin'],
    summary: 'Site settings: value, default, and the environment variable that overrides each',
    bearer: true,
    response: { 200: Type.Object({ settings: Type.Array(SettingInfo) }), ...Refusals },
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/api/admin/settings',
    tags: ['admin'],
    summary: 'Change site settings at once (null: back to the default); all or none',
    description:
      'Errors: SETTING_UNKNOWN, SETTING_INVALID (400), SETTING_FROM_ENVIRONMENT (409: its variable overrides it).',
    bearer: true,
    body: Type.Object({ changes: OpenObject({ maxProperties: 50 }) }),
    response: { 200: Type.Object({ settings: Type.Array(SettingInfo) }), ...Refusals },
  }),
  testMail: defineRoute({
    method: 'POST',
    path: '/api/admin/settings/test-mail',
    tags: ['admin'],
    summary: 'Send a test mail with the current mail settings (502 MAIL_FAILED with the reason)',
    bearer: true,
    body: Type.Object({ to: Str(320) }),
    response: { 200: MessageBody, ...Refusals },
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    tags: ['admin'],
    summary: 'The audit log of administrator actions, newest first; filter by actor and action',
    bearer: true,
    querystring: Type.Object({
      ...PageQuery,
      actor: Type.Optional(Str(200)),
      action: Type.Optional(Str(100)),
    }),
    response: {
      200: Type.Object({
        entries: Type.Array(AuditEntry),
        pagination: Pagination,
        actions: Type.Array(Type.String()),
      }),
      ...Refusals,
    },
  }),
  accounts: defineRoute({
    method: 'GET',
    path: '/api/admin/accounts',
    tags: ['admin'],
    summary: 'Accounts with search (name or email) and paging, oldest first',
    bearer: true,
    querystring: Type.Object({ ...PageQuery, q: Type.Optional(Str(200)) }),
    response: {
      200: Type.Object({ accounts: Type.Array(ConsoleAccount), pagination: Pagination }),
      ...Refusals,
    },
  }),
  accountGroup: defineRoute({
    method: 'POST',
    path: '/api/admin/accounts/:id/group',
    tags: ['admin'],
    summary: 'Change an account’s group; its tokens stop working',
    description:
      'GUEST_GROUP_FIXED (403) for the guest account; LAST_ADMIN (409) when no administrator would be left.',
    bearer: true,
    params: AccountParams,
    body: Type.Object({ group: StringEnum(USER_GROUPS) }),
    response: { 200: MessageBody, ...Refusals },
  }),
  accountResetPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/accounts/:id/reset-password',
    tags: ['admin'],
    summary: 'Give an account a new random password: mailed when it has an email, else answered once here',
    bearer: true,
    params: AccountParams,
    response: {
      200: Type.Object({
        delivery: StringEnum(['mail', 'shown']),
        password: Type.Optional(Type.String()),
      }),
      ...Refusals,
    },
  }),
  accountDisabled: defineRoute({
    method: 'POST',
    path: '/api/admin/accounts/:id/disabled',
    tags: ['admin'],
    summary: 'Disable (its tokens and sign-ins are refused at once) or enable an account',
    bearer: true,
    params: AccountParams,
    body: Type.Object({ disabled: Type.Boolean() }),
    response: { 200: MessageBody, ...Refusals },
  }),
  accountImpact: defineRoute({
    method: 'GET',
    path: '/api/admin/accounts/:id/impact',
    tags: ['admin'],
    summary: 'What deleting the account removes with it',
    bearer: true,
    params: AccountParams,
    response: { 200: AccountImpact, ...Refusals },
  }),
  accountDelete: defineRoute({
    method: 'DELETE',
    path: '/api/admin/accounts/:id',
    tags: ['admin'],
    summary: 'Delete an account with its reviews, votes and playlists',
    bearer: true,
    params: AccountParams,
    response: { 200: MessageBody, ...Refusals },
  }),
  health: defineRoute({
    method: 'GET',
    path: '/api/admin/health',
    tags: ['admin'],
    summary: 'Version, uptime, database, library, caches, ffmpeg and the recent server errors',
    bearer: true,
    response: { 200: HealthReport, ...Refusals },
  }),
  purgeCache: defineRoute({
    method: 'POST',
    path: '/api/admin/caches/purge',
    tags: ['admin'],
    summary: 'Empty a cache folder (transcodes or covers); its files are made again on demand',
    bearer: true,
    body: Type.Object({ cache: StringEnum(['transcodes', 'covers']) }),
    response: { 200: Type.Object({ files: Type.Integer(), bytes: Type.Integer() }), ...Refusals },
  }),
  reviews: defineRoute({
    method: 'GET',
    path: '/api/admin/reviews',
    tags: ['admin'],
    summary: 'Reviews with a text or a rating, newest first; search by text, name or work',
    bearer: true,
    querystring: Type.Object({
      ...PageQuery,
      q: Type.Optional(Str(200)),
      hidden: Type.Optional(Type.Boolean()),
    }),
    response: {
      200: Type.Object({ reviews: Type.Array(ModeratedReview), pagination: Pagination }),
      ...Refusals,
    },
  }),
  hideReview: defineRoute({
    method: 'POST',
    path: '/api/admin/reviews/hide',
    tags: ['admin'],
    summary: 'Hide a review from everyone but its author (or show it again)',
    bearer: true,
    body: Type.Object({ ...ReviewKey, hidden: Type.Boolean() }),
    response: { 200: MessageBody, ...Refusals },
  }),
  deleteReview: defineRoute({
    method: 'POST',
    path: '/api/admin/reviews/delete',
    tags: ['admin'],
    summary: 'Delete a review; the work’s site rating is recomputed',
    bearer: true,
    body: Type.Object(ReviewKey),
    response: { 200: MessageBody, ...Refusals },
  }),
  removeWorkTag: defineRoute({
    method: 'POST',
    path: '/api/admin/works/tags/remove',
    tags: ['admin'],
    summary: 'Remove a tag from a work with its votes; later scans do not link it again',
    bearer: true,
    body: Type.Object({ workId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), tagId: RowId }),
    response: { 200: MessageBody, ...Refusals },
  }),
  metrics: defineRoute({
    method: 'GET',
    path: '/metrics',
    tags: ['monitoring'],
    summary: 'Prometheus metrics (text format)',
    description:
      'Open to loopback and the trusted proxies when not relayed, or to anyone with `Authorization: Bearer <metrics token>` (setting metricsToken). Otherwise 401 when a token is set, 404 when none is.',
    bearer: true,
    response: { 200: Type.String(), 401: Refusals[401], 404: Refusals[404] },
  }),
};
