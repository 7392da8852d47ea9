/**
 * The list parser's checks, behind the route schemas (which take the same LIMITS) and for input
 * they do not shape, such as several ids in one comma-separated value.
 */
import { LIMITS } from '@sasayaki/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/errors.ts';
import { parseListParams } from '../src/services/catalogue.ts';

const refusal = (input: Record<string, unknown>) => {
  try {
    parseListParams(input);
  } catch (err) {
    if (err instanceof HttpError) return { code: err.code, params: err.params };
    throw err;
  }
  return null;
};
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('parseListParams', () => {
  it('takes page and pageSize up to LIMITS and refuses one more', () => {
    expect(parseListParams({ page: LIMITS.pageMax, pageSize: LIMITS.pageSizeMax })).toMatchObject({
      page: LIMITS.pageMax,
      pageSize: LIMITS.pageSizeMax,
    });
    expect(refusal({ page: LIMITS.pageMax + 1 })).toMatchObject({
      code: 'BAD_NUMBER',
      params: { name: 'page' },
    });
    expect(refusal({ pageSize: LIMITS.pageSizeMax + 1 })).toMatchObject({
      code: 'BAD_NUMBER',
      params: { name: 'pageSize', max: LIMITS.pageSizeMax },
    });
    expect(refusal({ pageSize: 0 })).toMatchObject({ code: 'BAD_NUMBER' });
  });

  it('takes as many local-subtitled ids as LIMITS allows, each at most the highest work id', () => {
    const max = LIMITS.localSubtitledWorksMax;
    expect(parseListParams({ localSubtitledWorks: range(max) }).localSubtitledWorks).toHaveLength(max);
    expect(refusal({ localSubtitledWorks: range(max + 1) })).toEqual({
      code: 'LOCAL_SUBTITLED_TOO_MANY',
      params: { max },
    });
    expect(parseListParams({ localSubtitledWorks: `1,${LIMITS.workIdMax}` }).localSubtitledWorks).toEqual([
      1,
      LIMITS.workIdMax,
    ]);
    expect(refusal({ localSubtitledWorks: `${LIMITS.workIdMax + 1}` })?.code).toBe('LOCAL_SUBTITLED_INVALID');
  });

  it('takes as many playlist ids as LIMITS allows, in a list or one comma-separated value', () => {
    const max = LIMITS.withPlaylistStatusMax;
    const ids = (n: number) => range(n).map((i) => `p${i}`);
    expect(parseListParams({ withPlaylistStatus: ids(max).join(',') }).withPlaylistStatus).toHaveLength(max);
    expect(refusal({ withPlaylistStatus: ids(max + 1) })).toEqual({
      code: 'PLAYLIST_STATUS_TOO_MANY',
      params: { max },
    });
  });
});
