/** The catalogue: works lists, search, one work, its file tree, circles, tags and voice actors. */
import * as Type from 'typebox/type';
import { EntityCount, ErrorBody, type TrackNode, Work, WorkList } from '../api.ts';
import { LIMITS } from '../constants.ts';
import { defineRoute } from './define.ts';
import {
  Flag,
  ListBody,
  ListQuery,
  OpenObject,
  OrNull,
  Str,
  StringEnum,
  WithPlaylistStatus,
  WorkIdParams,
} from './fields.ts';

const workListAnswers = { 200: WorkList, 400: ErrorBody } as const;

export const works = {
  list: defineRoute({
    method: 'GET',
    path: '/api/works',
    tags: ['works'],
    summary: 'List works in an order (docs/product.md §9), paginated',
    querystring: Type.Object(ListQuery),
    response: workListAnswers,
  }),
  listByPost: defineRoute({
    method: 'POST',
    path: '/api/works',
    tags: ['works'],
    summary: 'List works; the body carries the list parameters and localSubtitledWorks',
    querystring: Type.Object(ListQuery),
    body: OrNull(Type.Object(ListBody)),
    response: workListAnswers,
  }),
  ids: defineRoute({
    method: 'GET',
    path: '/api/works/ids',
    tags: ['works'],
    summary:
      'Every work id of the library, compact: ascending, each the difference to the one before in base 36, comma-separated',
    description:
      'For a client that matches its own list of works (local subtitles, an import box) with the library: it intersects locally and sends only ids the library has. `count` is the number of ids.',
    response: {
      200: Type.Object({
        count: Type.Integer(),
        ids: Type.String({ description: 'encodeWorkIds form (contract workIdList.ts)' }),
      }),
    },
  }),
};

const includeTranslationWorks = Type.Optional(
  Flag('false (or 0) hides translated editions whose original is in the library (default true)'),
);
// The length is checked by the server's search compiler, for a 400 that names the limit.
const Keyword = Type.String({
  description: `at most ${LIMITS.keywordMax} characters and ${LIMITS.searchTermsMax} terms`,
});
const SearchQuery = { ...ListQuery, includeTranslationWorks };

export const search = {
  byPath: defineRoute({
    method: 'GET',
    path: '/api/search/:keyword',
    tags: ['works'],
    summary: 'Search works by keyword (URL-encoded in the path)',
    params: Type.Object({ keyword: Keyword }),
    querystring: Type.Object(SearchQuery),
    response: workListAnswers,
  }),
  // kikoeru-express answers `/api/search` with and without the slash; later kikoeru front ends
  // send the keyword as a query parameter there.
  byQuery: defineRoute({
    method: 'GET',
    path: '/api/search/',
    alsoAt: ['/api/search'],
    tags: ['works'],
    summary: 'Search by the `keyword` query parameter; without one, every work',
    querystring: Type.Object({ ...SearchQuery, keyword: Type.Optional(Keyword) }),
    response: workListAnswers,
  }),
  byBody: defineRoute({
    method: 'POST',
    path: '/api/search/',
    alsoAt: ['/api/search'],
    tags: ['works'],
    summary: 'Search works; the keyword and list parameters travel in the body',
    querystring: Type.Object(SearchQuery),
    body: Type.Object({ ...ListBody, includeTranslationWorks, keyword: Type.Optional(Keyword) }),
    response: workListAnswers,
  }),
};

const workAnswers = { 200: Work, 400: ErrorBody, 404: ErrorBody } as const;
const WorkQuery = Type.Object({ withPlaylistStatus: Type.Optional(WithPlaylistStatus) });

export const work = {
  info: defineRoute({
    method: 'GET',
    path: '/api/workInfo/:id',
    tags: ['works'],
    summary: 'A work (public metadata)',
    params: WorkIdParams,
    querystring: WorkQuery,
    response: workAnswers,
  }),
  withReview: defineRoute({
    method: 'GET',
    path: '/api/work/:id',
    tags: ['works'],
    summary: "A work with the caller's userRating, review_text, progress, updated_at, user_name",
    params: WorkIdParams,
    querystring: WorkQuery,
    response: workAnswers,
  }),
  tracks: defineRoute({
    method: 'GET',
    path: '/api/tracks/:id',
    tags: ['works'],
    summary: 'File tree of a work: folders with children, files with absolute media URLs',
    description:
      'v=1 and v=2 answer the same tree (v=2 clients read the same keys). Audio files carry availableLyrics: the subtitle files linked to them, confidence 1.',
    params: WorkIdParams,
    querystring: Type.Object({ v: Type.Optional(StringEnum(['1', '2'])) }),
    // The node schema is registered by its $id (TrackNodeSchema), as it refers to itself.
    response: {
      200: Type.Unsafe<TrackNode[]>({ type: 'array', items: { $ref: 'TrackNode#' } }),
      400: ErrorBody,
      404: ErrorBody,
    },
  }),
};

type EntityKind = 'circles' | 'tags' | 'vas';
const LABEL: Record<EntityKind, string> = { circles: 'Circle', tags: 'Tag', vas: 'Voice actor' };

/** The three routes of an entity list: every entity with its count, one entity, its works. */
function entityRoutes<K extends EntityKind>(kind: K) {
  const label = LABEL[kind];
  const params = Type.Object({ id: Str(64) });
  return {
    list: defineRoute({
      method: 'GET',
      path: `/api/${kind}/` as `/api/${K}/`,
      alsoAt: [`/api/${kind}`],
      tags: ['entities'],
      summary: `${label}s with their number of works`,
      response: { 200: Type.Array(EntityCount) },
    }),
    one: defineRoute({
      method: 'GET',
      path: `/api/${kind}/:id` as `/api/${K}/:id`,
      tags: ['entities'],
      summary: `One ${label.toLowerCase()} by id`,
      params,
      response: {
        200: Type.Unsafe<Partial<EntityCount> & Record<string, unknown>>(
          OpenObject({ properties: EntityCount.properties }),
        ),
        404: ErrorBody,
      },
    }),
    works: defineRoute({
      method: 'GET',
      path: `/api/${kind}/:id/works` as `/api/${K}/:id/works`,
      tags: ['entities'],
      summary: `Works of one ${label.toLowerCase()}, paginated`,
      params,
      querystring: Type.Object(ListQuery),
      response: { ...workListAnswers, 404: ErrorBody },
    }),
  };
}

export const circles = entityRoutes('circles');
export const tags = entityRoutes('tags');
export const vas = entityRoutes('vas');
