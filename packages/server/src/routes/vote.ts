/**
 * Tag votes (docs/product.md §7.5): POST /api/vote/vote-work-tag and /api/vote/attach-tags-to-work.
 * Guests cannot vote; voting and adding tags need a bound email (access.ts).
 */
import { ROUTES } from '@sasayaki/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Action, authorize, requireAccount } from '../access.ts';
import { workIdFrom } from '../http/request.ts';
import { findUserById } from '../services/users.ts';
import { attachTags, VOTE_MESSAGES, voteWorkTag } from '../services/votes.ts';
import { route } from './route.ts';

export const voteRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx;

  async function voter(req: FastifyRequest, action: Action): Promise<number> {
    const p = requireAccount(req);
    const row = await findUserById(db, p.id);
    authorize(req, action, { account: { hasEmail: !!row?.email } });
    return p.id;
  }

  route(app, ROUTES.votes.vote, async function voteOnTag(req) {
    const userId = await voter(req, 'tag.vote');
    const { workID, tagID, status } = req.body;
    const tag = await voteWorkTag(db, userId, workIdFrom(workID, 'workID'), tagID, status);
    return { message: VOTE_MESSAGES.voted, tag };
  });

  route(app, ROUTES.votes.attachTags, async function attachTagsToWork(req) {
    const userId = await voter(req, 'tag.attach');
    const tags = await attachTags(db, userId, workIdFrom(req.body.workID, 'workID'), req.body.tagIDs);
    return { message: VOTE_MESSAGES.attached, tags };
  });
};
