/**
 * GET /api/search/{keyword} and POST /api/search/ (body keyword, for keywords over 500
 * characters): the keyword grammar of spec §5 compiled to SQL by services/searchSql.ts.
 */
import { parseKeyword } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listWorksJson, parseListParams } from '../services/catalogue.ts';
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

/** A keyword can hold thousands of terms in a POST body; more than this is not a search. */
const KEYWORD_MAX = 20_000;

export const searchRoutes: FastifyPluginAsync = async (app) => {
  const search = async (req: FastifyRequest, reply: FastifyReply, keyword: string) => {
    const input = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
    const p = parseListParams(input as Record<string, unknown>);
    const terms = parseKeyword(keyword);
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
          properties: { keyword: { type: 'string', maxLength: KEYWORD_MAX } },
          required: ['keyword'],
        },
        querystring,
        response: workListResponses,
      },
    },
    (req, reply) => search(req, reply, (req.params as { keyword: string }).keyword),
  );
  app.get(
    '/api/search/',
    {
      schema: {
        tags: ['works'],
        summary: 'Empty keyword: every work',
        querystring,
        response: workListResponses,
      },
    },
    (req, reply) => search(req, reply, ''),
  );
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
              keyword: { type: 'string', maxLength: KEYWORD_MAX },
            },
          },
          response: workListResponses,
        },
      },
      (req, reply) => search(req, reply, String((req.body as { keyword?: string } | null)?.keyword ?? '')),
    );
  }
};
