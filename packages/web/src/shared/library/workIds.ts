/**
 * The library's work ids (GET /api/works/ids, compact), read once and kept for a few minutes:
 * what the browser holds (local subtitles, codes pasted into the import box) is matched with
 * them here, so only works the library has are sent and counted.
 */
import { decodeWorkIds } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../api/client.ts';
import { useSettings } from '../settings/store.ts';

const FRESH_MS = 5 * 60_000;

export function useLibraryWorkIds(enabled = true) {
  return useQuery({
    queryKey: ['library-work-ids'],
    queryFn: async ({ signal }) =>
      new Set(decodeWorkIds((await call('GET /api/works/ids', {}, { signal, silent: true })).ids)),
    staleTime: FRESH_MS,
    enabled,
  });
}

/**
 * The works with local subtitles that the library has, in the settings' order; `null` while the
 * library's list loads. If it cannot be read, all local ids (the server ignores unknown ones).
 */
export function useLibrarySubtitledWorks(enabled = true): number[] | null {
  const local = useSettings((s) => s.localSubtitledWorks);
  const library = useLibraryWorkIds(enabled && local.length > 0);
  const have = library.data;
  const failed = library.isError;
  return useMemo(() => {
    if (local.length === 0 || failed) return local;
    return have ? local.filter((id) => have.has(id)) : null;
  }, [local, have, failed]);
}
