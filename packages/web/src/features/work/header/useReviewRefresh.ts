import { useQueryClient } from '@tanstack/react-query';

/** Reads again what shows a review: the work's own fields, everyone's reviews of it, the Reviewed tab. */
export function useReviewRefresh(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['work', 'work-reviews', 'reviews'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
    );
}
