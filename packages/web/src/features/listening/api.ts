/** The account's history, its setting and the "Continue listening" row (docs/player.md, "Listening state"). */
import type { EndpointQuery, HistoryTrack, Work } from '@sasayaki/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { isGuest, isLoggedIn, useAuth } from '../account/index.ts';

/** Works per page of the history screen. */
export const HISTORY_PAGE_SIZE = 10;
/** Works in the "Continue listening" row. */
export const CONTINUE_ROW_SIZE = 12;

/** Signed in with an account of one's own (the shared guest keeps no history). */
export const useKeepsHistory = () => useAuth((s) => isLoggedIn(s) && !isGuest(s));

export function useHistory(page: number) {
  const enabled = useKeepsHistory();
  return useQuery({
    queryKey: queryKeys.history.page(page),
    queryFn: ({ signal }) =>
      call(
        'GET /api/listening/history',
        { query: { page, pageSize: HISTORY_PAGE_SIZE } },
        { signal, silent: true },
      ),
    enabled,
  });
}

export function useContinueListening() {
  const enabled = useKeepsHistory();
  return useQuery({
    queryKey: queryKeys.history.continue,
    queryFn: ({ signal }) =>
      call(
        'GET /api/listening/continue',
        { query: { limit: CONTINUE_ROW_SIZE } },
        { signal, silent: true },
      ).then((r) => r.items),
    enabled,
    staleTime: 30_000,
  });
}

export function useListeningSettings() {
  const enabled = useKeepsHistory();
  return useQuery({
    queryKey: queryKeys.listeningSettings,
    queryFn: ({ signal }) => call('GET /api/listening/settings', {}, { signal, silent: true }),
    enabled,
  });
}

export function useSetRecordHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recordHistory: boolean) => call('PUT /api/listening/settings', { body: { recordHistory } }),
    onSuccess: (data) => client.setQueryData(queryKeys.listeningSettings, data),
  });
}

type ClearQuery = Required<EndpointQuery<'DELETE /api/listening/history'>>;
/** One track, one work or all of it: exactly one of the route's fields. */
export type ClearTarget = Pick<ClearQuery, 'track'> | Pick<ClearQuery, 'work_id'> | { all: true };

export function useClearHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: ClearTarget) => call('DELETE /api/listening/history', { query: target }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.history.all }),
  });
}

/** Plays a track of a work as a click in its folder would; it resumes where the account stopped. */
export async function playFromHistory(work: Work, track: Pick<HistoryTrack, 'track'>): Promise<void> {
  // The player loads here, at the click, not with the works page's "Continue listening" row.
  const [tree, player] = await Promise.all([
    call('GET /api/tracks/:id', { params: { id: String(work.id) }, query: { v: '1' } }),
    import('../player/index.ts'),
  ]);
  const found = player.folderAudioOf(tree, track.track);
  if (found) player.playFiles(found.files, work, found.index);
}
