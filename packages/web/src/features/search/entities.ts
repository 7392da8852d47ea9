import type { EntityCount } from '@sasayaki/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import type { EntityNames } from './suggest.ts';

export type EntityList = 'circles' | 'tags' | 'vas';

/** GET /api/{circles,tags,vas}/: names with counts; cached for the session. */
export function useEntityList(list: EntityList, enabled = true) {
  return useQuery({
    queryKey: queryKeys.entities(list),
    queryFn: ({ signal }) => call(`GET /api/${list}/`, {}, { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** The names the search box suggests, fetched once the box is used. */
export function useEntityNames(enabled: boolean): EntityNames {
  const tags = useEntityList('tags', enabled);
  const circles = useEntityList('circles', enabled);
  const vas = useEntityList('vas', enabled);
  const names = (d: EntityCount[] | undefined) => (d ?? []).map((e) => e.name);
  return { tag: names(tags.data), circle: names(circles.data), va: names(vas.data) };
}
