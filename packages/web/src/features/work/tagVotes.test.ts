import type { WorkTag } from '@sasayaki/contract';
import { describe, expect, it } from 'vitest';
import { applyVote } from './TagVotes.tsx';

const tag = (myVote: number, upvote: number, downvote: number) =>
  ({
    id: 1,
    name: 't',
    myVote,
    upvote,
    downvote,
    voteStatus: 1,
    voteRank: 0,
    i18n: {},
  }) as unknown as WorkTag;

describe('tag votes (docs/product.md §4)', () => {
  it('up toggles between up and none, moving the counts', () => {
    expect(applyVote(tag(0, 3, 1), 1)).toMatchObject({ myVote: 1, upvote: 4, downvote: 1 });
    expect(applyVote(tag(1, 4, 1), 1)).toMatchObject({ myVote: 0, upvote: 3, downvote: 1 });
  });
  it('down toggles between down and none, and switching from up moves both counts', () => {
    expect(applyVote(tag(0, 3, 1), 2)).toMatchObject({ myVote: 2, upvote: 3, downvote: 2 });
    expect(applyVote(tag(2, 3, 2), 2)).toMatchObject({ myVote: 0, downvote: 1 });
    expect(applyVote(tag(1, 4, 1), 2)).toMatchObject({ myVote: 2, upvote: 3, downvote: 2 });
  });
});
