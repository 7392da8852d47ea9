/**
 * A keep cancelled between two of the work's JSON answers leaves nothing in the kept cache: the
 * answer stored before the cancel is removed with the rest.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { type KeepableWork, keepWork, useKeeping } from './keep.ts';

const api = fakeApi();
/** The fake kept cache: URL → stored. */
let stored: Map<string, unknown>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('caches', {
    open: async () => ({
      put: async (url: string, res: Response) => {
        stored.set(url, await res.text());
      },
      delete: async (url: string) => stored.delete(url),
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const work: KeepableWork = {
  id: 1100001,
  title: 'A work',
  source_id: 'RJ01100001',
  source_type: 'DLSITE',
  mainCoverUrl: '',
  samCoverUrl: '',
  thumbnailCoverUrl: '',
};

describe('keepWork', () => {
  it('cancelled after the first JSON answer is stored, removes it too', async () => {
    let releaseTracks = () => {};
    const tracksAsked = new Promise<void>((resolve) => {
      api.answer = async (req) => {
        if (req.url.startsWith('/api/tracks/')) {
          resolve();
          await new Promise<void>((r) => {
            releaseTracks = r;
          });
          return { body: [] };
        }
        return { body: { id: work.id } };
      };
    });
    const result = keepWork(work, [], true);
    await tracksAsked;
    // The work's info is in the cache while the tracks are still on their way.
    await vi.waitFor(() => expect([...stored.keys()].some((u) => u.includes('/api/workInfo/'))).toBe(true));
    useKeeping.getState()[work.id]?.cancel();
    releaseTracks();
    expect(await result).toBe('cancelled');
    expect([...stored.keys()]).toEqual([]);
  });
});
