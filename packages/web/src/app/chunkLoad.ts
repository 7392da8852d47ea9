/**
 * Loading a screen's code chunk: a failed import is tried again after 1 s and 2 s (the backoff of
 * shared/api/backoff.ts); when it still fails, the chunk is asked for once more to tell a network
 * failure from a chunk the server no longer has (404: a new build was deployed, so a reload is
 * what helps).
 */
import { backoffDelay, wait } from '../shared/api/backoff.ts';
import { reportNetworkFailure } from '../shared/api/connection.ts';

/** Tries after the first failure; the backoff makes the waits 1 s and 2 s. */
export const CHUNK_RETRIES = 2;

export class ChunkLoadError extends Error {
  constructor(
    readonly buildChanged: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

/** The URL a failed dynamic import names (`Failed to fetch dynamically imported module: <url>`). */
export function chunkUrlOf(err: unknown): string | null {
  const message = err instanceof Error ? err.message : '';
  const m = /(https?:\/\/\S+?\.(?:m?js|css))\b/.exec(message);
  return m?.[1] ?? null;
}

/**
 * True when the server answers that it does not have the chunk any more; no answer at all is a
 * lost connection, which the connection monitor then watches.
 */
async function chunkIsGone(err: unknown): Promise<boolean> {
  const url = chunkUrlOf(err);
  if (!url) return false;
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.status === 404;
  } catch {
    reportNetworkFailure();
    return false;
  }
}

export async function loadChunk<T>(load: () => Promise<T>, retries = CHUNK_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= retries) throw new ChunkLoadError(await chunkIsGone(err), err);
      await wait(backoffDelay(attempt));
    }
  }
}
