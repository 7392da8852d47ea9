import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteStatusOf } from '../../src/services/votes.ts';
import { CATALOGUE, TAG } from '../auth/fixtures.ts';
import { DIALECTS } from '../helpers/db.ts';
import { seedWorks } from '../helpers/seed.ts';
import { account, login, startTestApp, type TestApp } from '../helpers/testApp.ts';

describe('vote status rule', () => {
  it.each([
    ['metadata', 0, 0, 1],
    ['metadata', 0, 1, 1],
    ['metadata', 1, 2, 2],
    ['metadata', 2, 2, 1],
    ['user', 1, 0, 0],
    ['user', 2, 0, 1],
    ['user', 3, 1, 1],
    ['user', 2, 1, 0],
    ['user', 1, 2, 2],
  ])('%s tag with %i up and %i down → %i', (origin, up, down, status) => {
    expect(voteStatusOf(origin, up, down)).toBe(status);
  });
});

describe.each(DIALECTS)('tag votes (%s)', (dialect) => {
  let t: TestApp;
  let voters: Awaited<ReturnType<typeof account>>[];
  const vote = (who: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/vote/vote-work-tag', headers: who, payload });
  const counters = (workId: number, tagId: number) =>
    t.db
      .selectFrom('work_tags')
      .select(['upvote', 'downvote', 'vote_status', 'origin'])
      .where('work_id', '=', workId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst();
  const search = async (keyword: string) =>
    (await t.app.inject({ url: `/api/search/${encodeURIComponent(keyword)}` }))
      .json()
      .works.map((w: { id: number }) => w.id);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedWorks(t.db, CATALOGUE);
    voters = await Promise.all(
      Array.from({ length: 6 }, (_, i) => account(t, `voter${i}`, { email: `v${i}@example.org` })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses guests and users without a bound email', async () => {
    const guest = { authorization: `Bearer ${await login(t.app, 'guest', 'guest')}` };
    const g = await vote(guest, { workID: 100001, tagID: TAG.whisper, status: 1 });
    expect(g.statusCode).toBe(403);
    expect(g.json()).toEqual({ error: 'guest cannot vote', code: 'GUEST_VOTE' });
    const noMail = await account(t, 'nomail');
    const n = await vote(noMail, { workID: 100001, tagID: TAG.whisper, status: 1 });
    expect(n.statusCode).toBe(403);
    expect(n.json()).toEqual({ error: 'must bind email first', code: 'MUST_BIND_EMAIL' });
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/vote/attach-tags-to-work',
      headers: noMail,
      payload: { workID: 100001, tagIDs: [TAG.comedy] },
    });
    expect(a.json()).toEqual({ error: 'must bind email first', code: 'MUST_BIND_EMAIL' });
  });

  it('keeps one vote per user, toggles and clears', async () => {
    const [v0] = voters;
    const up = await vote(v0!, { workID: 'RJ100001', tagID: TAG.whisper, status: 1 });
    expect(up.json()).toEqual({
      message: 'vote saved',
      tag: { id: TAG.whisper, upvote: 1, downvote: 0, voteStatus: 1, myVote: 1 },
    });
    const down = await vote(v0!, { workID: 100001, tagID: TAG.whisper, status: 2 });
    expect(down.json().tag).toMatchObject({ upvote: 0, downvote: 1, myVote: 2 });
    const none = await vote(v0!, { workID: 100001, tagID: TAG.whisper, status: 0 });
    expect(none.json().tag).toMatchObject({ upvote: 0, downvote: 0, myVote: 0 });
    const work = (await t.app.inject({ url: '/api/work/100001', headers: v0 })).json();
    expect(work.tags.find((x: { id: number }) => x.id === TAG.whisper)).toMatchObject({
      upvote: 0,
      downvote: 0,
      myVote: 0,
    });
  });

  it('attached tags start weak: $tagw finds them, $tag only once they are normal', async () => {
    const [v0, v1] = voters;
    expect(await search('$tag:comedy$')).not.toContain(100002);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vote/attach-tags-to-work',
      headers: v0,
      payload: { workID: 100002, tagIDs: [TAG.comedy, TAG.comedy] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tags).toEqual([{ id: TAG.comedy, upvote: 1, downvote: 0, voteStatus: 0, myVote: 1 }]);
    expect(await counters(100002, TAG.comedy)).toMatchObject({ origin: 'user', vote_status: 0 });
    expect(await search('$tagw:comedy$')).toContain(100002);
    expect(await search('$tag:comedy$')).not.toContain(100002);
    await vote(v1!, { workID: 100002, tagID: TAG.comedy, status: 1 });
    expect(await counters(100002, TAG.comedy)).toMatchObject({ upvote: 2, vote_status: 1 });
    expect(await search('$tag:comedy$')).toContain(100002);
  });

  it('a metadata tag with more downvotes than up is downvoted', async () => {
    const [, , v2, v3] = voters;
    await vote(v2!, { workID: 100004, tagID: TAG.comedy, status: 2 });
    expect((await counters(100004, TAG.comedy))?.vote_status).toBe(1);
    await vote(v3!, { workID: 100004, tagID: TAG.comedy, status: 2 });
    expect(await counters(100004, TAG.comedy)).toMatchObject({ downvote: 2, vote_status: 2 });
  });

  it('keeps counters exact when votes race', async () => {
    const results = await Promise.all(
      voters.flatMap((v, i) => [
        vote(v, { workID: 100006, tagID: TAG.drama, status: i % 3 === 0 ? 2 : 1 }),
        vote(v, { workID: 100006, tagID: TAG.comedy, status: 1 }),
      ]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counters(100006, TAG.drama)).toMatchObject({ upvote: 4, downvote: 2, vote_status: 1 });
    expect(await counters(100006, TAG.comedy)).toMatchObject({ upvote: 6, downvote: 0 });
    const rows = await t.db.selectFrom('tag_votes').selectAll().where('work_id', '=', 100006).execute();
    expect(rows).toHaveLength(12);
  });

  it('keeps one vote when the same user clicks fast', async () => {
    const [, , , , v4] = voters;
    const statuses = [1, 2, 0, 1, 2, 1, 1, 0, 2, 1];
    const results = await Promise.all(
      statuses.map((status) => vote(v4!, { workID: 100008, tagID: TAG.drama, status })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(statuses.map(() => 200));
    const rows = await t.db
      .selectFrom('tag_votes')
      .select('status')
      .where('work_id', '=', 100008)
      .where('tag_id', '=', TAG.drama)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    const c = await counters(100008, TAG.drama);
    expect((c?.upvote ?? 0) + (c?.downvote ?? 0)).toBe(rows.length);
  });

  it('answers garbage with 4xx {error}', async () => {
    const [v0] = voters;
    const cases: [string, object][] = [
      ['vote-work-tag', { workID: 100001, tagID: TAG.whisper, status: 3 }],
      ['vote-work-tag', { workID: 100001, tagID: 'x', status: 1 }],
      ['vote-work-tag', { workID: 999999, tagID: TAG.whisper, status: 1 }],
      ['vote-work-tag', { workID: 100001, tagID: TAG.drama, status: 1 }],
      ['vote-work-tag', { workID: 100001 }],
      ['attach-tags-to-work', { workID: 100001, tagIDs: [] }],
      ['attach-tags-to-work', { workID: 100001, tagIDs: [424242] }],
      ['attach-tags-to-work', { workID: 100001, tagIDs: Array.from({ length: 50 }, (_, i) => i + 1) }],
      ['attach-tags-to-work', { workID: 100001, tagIDs: 'all' }],
    ];
    for (const [path, payload] of cases) {
      const res = await t.app.inject({ method: 'POST', url: `/api/vote/${path}`, headers: v0, payload });
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
  });
});
