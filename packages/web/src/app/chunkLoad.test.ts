import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkUrlOf, loadChunk } from './chunkLoad.ts';

const failure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('loading a screen chunk', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the chunk URL from the browser message', () => {
    expect(chunkUrlOf(failure('http://x.example/assets/WorksPage-abc.js'))).toBe(
      'http://x.example/assets/WorksPage-abc.js',
    );
    expect(chunkUrlOf(new Error('boom'))).toBeNull();
  });

  it('tries again after 1 s and succeeds without a reload', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(failure('http://x.example/a.js')).mockResolvedValue('screen');
    const result = loadChunk(load);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retries and says whether the build changed (the chunk answers 404)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    const load = vi.fn().mockRejectedValue(failure('http://x.example/old.js'));
    const result = loadChunk(load).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    const err = await result;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).buildChanged).toBe(true);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a chunk that gets no answer is a network failure, not a new build', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const result = loadChunk(vi.fn().mockRejectedValue(failure('http://x.example/a.js'))).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(((await result) as ChunkLoadError).buildChanged).toBe(false);
  });
});
