/**
 * Tag votes (docs/product.md §7.5): POST /api/vote/vote-work-tag and /api/vote/attach-tags-to-work.
 * Guests cannot vote; voting and adding tags need a bound email (access.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Action, authorize, requireAccount } from '../access.ts';
import { errorResponses, workIdFrom, workIdParam } from '../auth/apiSchemas.ts';
import { findUserById } from '../services/users.ts';
import { attachTags, VOTE_MESSAGES, voteWorkTag } from '../services/votes.ts';

const tagState = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    upvote: { type: 'integer' },
    downvote: { type: 'integer' },
    voteStatus: { type: 'integer', description: 'weak 0, normal 1, downvoted 2' },
    myVote: { type: 'integer', description: 'none 0, up 1, down 2' },
  },
  required: ['id', 'upvote', 'downvote', 'voteStatus', 'myVote'],
} as const;

const tagId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

export const voteRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  async function voter(req: FastifyRequest, action: Action): Promise<number> {
    const p = requireAccount(req);
    const row = await findUserById(db, p.id);
    authorize(req, action, { account: { hasEmail: !!row?.email } });
    return p.id;
  }

  app.post<{ Body: { workID: number | string; tagID: number; status: number } }>(
    '/api/vote/vote-work-tag',
    {
      schema: {
        tags: ['votes'],
        summary: 'Vote on a tag of a work: status 0 none, 1 up, 2 down (one vote per user, work and tag)',
        description:
          'Answers the tag’s new counters and vote status (rule in docs/tag-votes.md). Errors: `guest cannot vote`, `must bind email first` (403).',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: { workID: workIdParam, tagID: tagId, status: { type: 'integer', enum: [0, 1, 2] } },
          required: ['workID', 'tagID', 'status'],
        },
        response: {
          200: {
            type: 'object',
            properties: { message: { type: 'string' }, tag: tagState },
            required: ['message', 'tag'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const userId = await voter(req, 'tag.vote');
      const tag = await voteWorkTag(
        db,
        userId,
        workIdFrom(req.body.workID, 'workID'),
        req.body.tagID,
        req.body.status,
      );
      return { message: VOTE_MESSAGES.voted, tag };
    },
  );

  app.post<{ Body: { workID: number | string; tagIDs: number[] } }>(
    '/api/vote/attach-tags-to-work',
    {
      schema: {
        tags: ['votes'],
        summary: 'Add existing tags to a work; a tag new to the work starts weak, with the caller’s upvote',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: {
            workID: workIdParam,
            tagIDs: { type: 'array', items: tagId, minItems: 1, maxItems: 20 },
          },
          required: ['workID', 'tagIDs'],
        },
        response: {
          200: {
            type: 'object',
            properties: { message: { type: 'string' }, tags: { type: 'array', items: tagState } },
            required: ['message', 'tags'],
          },
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const userId = await voter(req, 'tag.attach');
      const tags = await attachTags(db, userId, workIdFrom(req.body.workID, 'workID'), req.body.tagIDs);
      return { message: VOTE_MESSAGES.attached, tags };
    },
  );
};
