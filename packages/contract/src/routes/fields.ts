/**
 * Request fields several routes share, each with its one limit (constants.ts), and schema
 * builders that keep the exact JSON schema the validator coerces by (`type: ['integer', 'null']`
 * rather than a union).
 */
import type { Static, TSchema } from 'typebox';
import * as Type from 'typebox/type';
import { ErrorBody } from '../api.ts';
import { LIMITS, WORK_ORDERS } from '../constants.ts';

/** A string with a length cap: longer input is refused by validation (400) before any work. */
export const Str = (maxLength: number, options: Record<string, unknown> = {}) =>
  Type.String({ maxLength, ...options });

/** One of a list of strings, as `{type: 'string', enum}`. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** One of a list of integers, as `{type: 'integer', enum}`. */
export const IntegerEnum = <const T extends readonly number[]>(
  values: T,
  options: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });

/** The schema or null, as one `type` list (what the validator coerces and the serialiser writes). */
export const OrNull = <T extends TSchema>(schema: T) => {
  const { type, ...rest } = schema as unknown as { type: string } & Record<string, unknown>;
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
};

/** An object that may carry any further keys. */
export const OpenObject = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...options });

/** Any JSON value, documented by its description (flags the server reads itself, e.g. `subtitle`). */
export const AnyValue = (description: string) => Type.Unknown({ description });

/** A work id as clients send it: 1441165, "01441165" or "RJ01441165". */
export const WorkIdInput = Type.Unsafe<number | string>({
  anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }],
  description: 'work id: 1441165, 01441165 or RJ01441165',
});

/** A work id in a path: 1441165, 01441165 or RJ01441165. */
export const WorkIdParams = Type.Object({
  id: Str(40, { description: '1441165, 01441165 or RJ01441165' }),
});

/** The id of a stored row (a tag, a problem report): a 32-bit integer, as PostgreSQL keeps it. */
export const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A playlist id (a UUID string). */
export const PlaylistId = Str(LIMITS.playlistIdMax, { description: 'playlist id (UUID)' });

export const Page = Type.Integer({ minimum: 1, maximum: LIMITS.pageMax, description: 'default 1' });
export const PageSize = Type.Integer({
  minimum: 1,
  maximum: LIMITS.pageSizeMax,
  description: `default ${LIMITS.pageSizeDefault}`,
});

/** `page` and `pageSize` of every paginated list. */
export const PageQuery = { page: Type.Optional(Page), pageSize: Type.Optional(PageSize) };

export const SortDirection = StringEnum(['asc', 'desc'], { description: 'default desc' });
export type SortDirection = Static<typeof SortDirection>;

export const WithPlaylistStatus = Type.Array(Str(LIMITS.playlistIdMax), {
  maxItems: LIMITS.withPlaylistStatusMax,
  description:
    'playlist ids whose membership is reported in playlistStatus (in a query string: repeated or comma-separated)',
});

export const Seed = Type.Integer({ minimum: 0, maximum: LIMITS.seedMax, description: 'random order seed' });

/**
 * A yes/no flag as clients send it: 1 or 0, true or false (any case, in a query string or a JSON
 * body); empty means the default. The validator coerces JSON numbers 0/1 to booleans and leaves
 * the strings for the server's `listOptionsOf` to read.
 */
export const Flag = (description: string) =>
  Type.Unsafe<boolean | 0 | 1 | string>({
    type: ['boolean', 'string'],
    pattern: '^\\s*([01]|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])?\\s*$',
    description,
  });

export const LocalSubtitledWorks = Type.Array(Type.Integer({ minimum: 1, maximum: LIMITS.workIdMax }), {
  maxItems: LIMITS.localSubtitledWorksMax,
  description:
    'ids the browser holds local subtitles for; count as subtitled with subtitle=1 (in a query string: repeated or comma-separated)',
});

/**
 * Parameters of every works list, in the query string or a POST body. Lists in a query string may
 * be repeated or comma-separated (the server splits them before validation).
 */
export const ListQuery = {
  order: Type.Optional(StringEnum(WORK_ORDERS, { description: 'default create_date' })),
  sort: Type.Optional(SortDirection),
  ...PageQuery,
  seed: Type.Optional(Seed),
  subtitle: Type.Optional(Flag('1 (or true): only works with subtitles; 0 (or false) default')),
  withPlaylistStatus: Type.Optional(WithPlaylistStatus),
  localSubtitledWorks: Type.Optional(LocalSubtitledWorks),
};

/** Body fields of the works lists that are sent by POST. */
export const ListBody = ListQuery;

/** Every refusal answers `{error}` (details on validation failures). */
export const Refusals = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  410: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
} as const;
