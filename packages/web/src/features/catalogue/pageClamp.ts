import { useEffect } from 'react';

/** The last page of `total` items, `pageSize` a page; an empty list still has page 1. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A page past the end (`?page=5` of 2, or the last page emptied by a removal) is not a dead end:
 * once the list's total is known, `go` is asked to show the last page instead. URL lists replace
 * their history entry, so Back does not return to the empty page.
 */
export function usePageClamp(
  page: number,
  pageSize: number,
  total: number | undefined,
  go: (page: number) => void,
): void {
  const last = total === undefined ? null : lastPage(total, pageSize);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` is a new function each render
  useEffect(() => {
    if (last !== null && page > last) go(last);
  }, [page, last]);
}
