/**
 * Legacy query parameters circleId, tagId and vaId (docs/product.md §2.4): the entity's name is fetched and
 * the app redirects to /works with the matching keyword term and the page. A non-numeric id is
 * not found.
 */
import { formatTerm } from '@sasayaki/contract';
import { call } from '../../shared/api/client.ts';
import { termOf } from '../../shared/ui/links.ts';

const LEGACY = [
  ['circleId', 'circles', 'circle'],
  ['tagId', 'tags', 'tag'],
  ['vaId', 'vas', 'va'],
] as const;

export function legacyParam(
  q: URLSearchParams,
): { param: string; list: (typeof LEGACY)[number][1]; namespace: string; id: string } | null {
  for (const [param, list, namespace] of LEGACY) {
    const id = q.get(param);
    if (id !== null) return { param, list, namespace, id };
  }
  return null;
}

/** The /works URL the legacy query stands for, or '/404'. */
export async function resolveLegacy(q: URLSearchParams): Promise<string | null> {
  const legacy = legacyParam(q);
  if (!legacy) return null;
  // Voice-actor ids are UUIDs; circle and tag ids are numbers.
  const valid = legacy.namespace === 'va' ? /^[\w-]+$/.test(legacy.id) : /^\d+$/.test(legacy.id);
  if (!valid) return '/404';
  try {
    const entity = await call(`GET /api/${legacy.list}/:id`, { params: { id: legacy.id } }, { silent: true });
    if (typeof entity.name !== 'string') return '/404';
    const next = new URLSearchParams({ keyword: formatTerm(termOf(legacy.namespace, entity.name)) });
    const page = q.get('page');
    if (page && /^\d+$/.test(page)) next.set('page', page);
    return `/works?${next}`;
  } catch {
    return '/404';
  }
}
