import type { WorkTag } from '@sasayaki/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { playlistDisplayName } from '../../shared/ui/playlistName.ts';
import { checkEmail, checkPassword, checkRepeat, checkUsername } from '../account/validation.ts';
import { sameFirstThree } from '../catalogue/HomeSwipers.tsx';
import { legacyParam } from '../catalogue/legacyParams.ts';
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

describe('tag votes (spec §4)', () => {
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

describe('auth rules (spec §5)', () => {
  it('needs 5 characters for names and passwords, equal repeats and a valid email', () => {
    expect(checkUsername('abcd')?.key).toBe('auth.usernameLengthNotEnough');
    expect(checkUsername('abcde')).toBeNull();
    expect(checkPassword('1234')?.params).toEqual({ n: 5 });
    expect(checkRepeat('secret', 'secreT')?.key).toBe('auth.repeatPasswordNotMatch');
    expect(checkRepeat('secret', 'secret')).toBeNull();
    expect(checkEmail('a@b')?.key).toBe('auth.invalidEmail');
    expect(checkEmail('a@b.cd')).toBeNull();
  });
});

describe('lists', () => {
  const w = (id: number) => ({ id }) as never;
  it('hides the recommend swiper when its first three equal the popular ones', () => {
    expect(sameFirstThree([w(1), w(2), w(3), w(4)], [w(1), w(2), w(3), w(9)])).toBe(true);
    expect(sameFirstThree([w(1), w(2), w(3)], [w(1), w(3), w(2)])).toBe(false);
    expect(sameFirstThree([w(1)], [w(1)])).toBe(false);
  });

  it('finds the legacy circleId / tagId / vaId parameters', () => {
    expect(legacyParam(new URLSearchParams('circleId=12&page=2'))).toMatchObject({
      list: 'circles',
      namespace: 'circle',
      id: '12',
    });
    expect(legacyParam(new URLSearchParams('vaId=abc'))).toMatchObject({ list: 'vas', namespace: 'va' });
    expect(legacyParam(new URLSearchParams('keyword=x'))).toBeNull();
  });

  it('shows system playlists as Liked and Marked', () => {
    const t = i18n.getFixedT('en');
    expect(playlistDisplayName('__SYS_PLAYLIST_LIKED', t)).toBe('Liked');
    expect(playlistDisplayName('__SYS_PLAYLIST_MARKED', t)).toBe('Marked');
    expect(playlistDisplayName('My list', t)).toBe('My list');
  });
});
