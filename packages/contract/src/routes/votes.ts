/** Tag votes: vote on a tag of a work, add existing tags to a work. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { defineRoute } from './define.ts';
import { IntegerEnum, Refusals, RowId, WorkIdInput } from './fields.ts';

/** A tag's counters and vote status after a vote. */
export const TagVoteState = Type.Object({
  id: Type.Integer(),
  upvote: Type.Integer(),
  downvote: Type.Integer(),
  voteStatus: Type.Integer({ description: 'weak 0, normal 1, downvoted 2' }),
  myVote: Type.Integer({ description: 'none 0, up 1, down 2' }),
});
export type TagVoteState = Static<typeof TagVoteState>;

export const votes = {
  vote: defineRoute({
    method: 'POST',
    path: '/api/vote/vote-work-tag',
    tags: ['votes'],
    summary: 'Vote on a tag of a work: status 0 none, 1 up, 2 down (one vote per user, work and tag)',
    description:
      'Answers the tag’s new counters and vote status (rule in docs/tag-votes.md). Errors: `guest cannot vote`, `must bind email first` (403).',
    bearer: true,
    body: Type.Object({ workID: WorkIdInput, tagID: RowId, status: IntegerEnum([0, 1, 2]) }),
    response: { 200: Type.Object({ message: Type.String(), tag: TagVoteState }), ...Refusals },
  }),
  attachTags: defineRoute({
    method: 'POST',
    path: '/api/vote/attach-tags-to-work',
    tags: ['votes'],
    summary: 'Add existing tags to a work; a tag new to the work starts weak, with the caller’s upvote',
    bearer: true,
    body: Type.Object({
      workID: WorkIdInput,
      tagIDs: Type.Array(RowId, { minItems: 1, maxItems: 20 }),
    }),
    response: { 200: Type.Object({ message: Type.String(), tags: Type.Array(TagVoteState) }), ...Refusals },
  }),
};
