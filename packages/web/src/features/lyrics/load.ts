/** Fetches and parses lyrics, once per file per page load. */
import { type Cue, parseSubtitle } from '@sasayaki/contract';
import { decodeText } from './decode.ts';
import type { QueueLyric } from './types.ts';

const cache = new Map<string, Promise<Cue[]>>();

/**
 * The lines of a lyric: a local subtitle's own content, or the server file fetched from its
 * `mediaDownloadUrl` as binary without the auth header (docs/product.md §7). Rejects on a failed fetch.
 */
export function loadLyricLines(lyric: QueueLyric, fetcher: typeof fetch = fetch): Promise<Cue[]> {
  if (lyric.content !== undefined) return Promise.resolve(parseSubtitle(lyric.content, lyric.title));
  const url = lyric.mediaDownloadUrl;
  if (!url) return Promise.resolve([]);
  let pending = cache.get(url);
  if (!pending) {
    pending = fetcher(url, { credentials: 'omit' }).then(async (res) => {
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      return parseSubtitle(decodeText(await res.arrayBuffer()), lyric.title);
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}
