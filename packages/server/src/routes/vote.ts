/**
 * Tag votes (docs/product.md §7.5): POST /api/vote/vote-work-tag and /api/vote/attach-tags-to-work.
 * Guests cannot vote; voting and adding tags need a bound email (services/votes.ts decides).
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync } from 'fastify';
import { workIdFrom } from '../http/request.ts';
import { attachTags, VOTE_MESSAGES, voteWorkTag } from '../services/votes.ts';
import { route } from './route.ts';

export const voteRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  route(app, ROUTES.votes.vote, async function voteOnTag(req) {
    const { workID, tagID, status } = req.body;
    const tag = await voteWorkTag(db, req.principal, workIdFrom(workID, 'workID'), tagID, status);
    return { message: VOTE_MESSAGES.voted, tag };
  });

  route(app, ROUTES.votes.attachTags, async function attachTagsToWork(req) {
    const tags = await attachTags(db, req.principal, workIdFrom(req.body.workID, 'workID'), req.body.tagIDs);
    return { message: VOTE_MESSAGES.attached, tags };
  });
};
