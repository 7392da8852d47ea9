import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/queryKeys.ts';

/** Reads again what shows a review: the work's own fields, everyone's reviews of it, the Reviewed tab. */
export function useReviewRefresh(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.work.all, queryKeys.workReviews.all, queryKeys.reviews.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
