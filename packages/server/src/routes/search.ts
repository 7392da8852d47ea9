/**
 * GET /api/search/{keyword}, GET /api/search/?keyword= and POST /api/search/ (body keyword, for
 * keywords over 500 characters): the keyword grammar of docs/product.md §5 compiled to SQL by
 * services/searchSql.ts.
 */
import { LIMITS } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listWorksJson, parseListParams } from '../services/catalogue.ts';
import { searchTermsOf } from '../services/searchSql.ts';
import {
  baseOf,
  listBodyProperties,
  listQueryProperties,
  sendJson,
  viewerOf,
  workListResponses,
} from './works.ts';

const includeTranslationWorks = {
  type: 'boolean',
  description: 'false hides translated editions whose original is in the library (default true)',
} as const;

// The length is checked by searchTermsOf, for a 400 that names the limit with a stable code.
const keywordSchema = {
  type: 'string',
  description: `at most ${LIMITS.keywordMax} characters and ${LIMITS.searchTermsMax} terms`,
} as const;

export const searchRoutes: FastifyPluginAsync = async (app) => {
  const search = async (req: FastifyRequest, reply: FastifyReply, keyword: string) => {
    const input = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
    const p = parseListParams(input as Record<string, unknown>);
    const terms = searchTermsOf(keyword);
    const json = await listWorksJson(app.ctx, { viewer: viewerOf(req), terms, ...p }, baseOf(app, req));
    return sendJson(reply, json);
  };
  const querystring = { type: 'object', properties: { ...listQueryProperties, includeTranslationWorks } };

  app.get(
    '/api/search/:keyword',
    {
      schema: {
        tags: ['works'],
        summary: 'Search works by keyword (URL-encoded in the path)',
        params: {
          type: 'object',
          properties: { keyword: keywordSchema },
          required: ['keyword'],
        },
        querystring,
        response: workListResponses,
      },
    },
    (req, reply) => search(req, reply, (req.params as { keyword: string }).keyword),
  );
  // kikoeru-express answers `/api/search` with and without the slash; later kikoeru front ends
  // send the keyword as a query parameter there.
  for (const url of ['/api/search/', '/api/search']) {
    app.get(
      url,
      {
        schema: {
          tags: ['works'],
          summary: 'Search by the `keyword` query parameter; without one, every work',
          querystring: {
            ...querystring,
            properties: { ...querystring.properties, keyword: keywordSchema },
          },
          response: workListResponses,
        },
      },
      (req, reply) => search(req, reply, String((req.query as { keyword?: string }).keyword ?? '')),
    );
  }
  for (const url of ['/api/search/', '/api/search']) {
    app.post(
      url,
      {
        schema: {
          tags: ['works'],
          summary: 'Search works; the keyword and list parameters travel in the body',
          querystring,
          body: {
            type: 'object',
            properties: {
              ...listBodyProperties,
              includeTranslationWorks,
              keyword: keywordSchema,
            },
          },
          response: workListResponses,
        },
      },
      (req, reply) => search(req, reply, String((req.body as { keyword?: string } | null)?.keyword ?? '')),
    );
  }
};
