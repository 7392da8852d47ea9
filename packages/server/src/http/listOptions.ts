/**
 * The list parameters every works list shares (order, sort, page, pageSize, seed, subtitle,
 * includeTranslationWorks, withPlaylistStatus, localSubtitledWorks) are declared once, in the
 * contract's `ListQuery` fields, and validated once, by the route schema (AJV coerces them).
 * `listOptionsOf` only fills in the defaults and reads the flags; the comma-split hook lets a
 * query string give a list as `a,b` before validation; failures of these fields keep their own
 * codes of the error catalogue (fieldErrors.ts).
 */
import { LIMITS, type WorkOrder } from '@sasayaki/contract';
import type { FastifyRequest } from 'fastify';
import type { ListWorksOptions } from '../services/catalogue/lists.ts';

/** The list parameters as the route schema let them through. */
export interface ListInput {
  order?: WorkOrder;
  sort?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  seed?: number;
  subtitle?: boolean | 0 | 1 | string;
  includeTranslationWorks?: boolean | 0 | 1 | string;
  withPlaylistStatus?: readonly string[];
  localSubtitledWorks?: readonly number[];
}

export type ListOptions = Required<
  Pick<
    ListWorksOptions,
    | 'order'
    | 'sort'
    | 'page'
    | 'pageSize'
    | 'seed'
    | 'subtitle'
    | 'includeTranslationWorks'
    | 'withPlaylistStatus'
    | 'localSubtitledWorks'
  >
>;

/** A validated flag (contract `Flag`): true, 1, "1", "true" (any case) are yes; empty is the default. */
function flag(value: boolean | 0 | 1 | string | undefined, dflt: boolean): boolean {
  if (value === undefined) return dflt;
  if (typeof value !== 'string') return !!value;
  const s = value.trim().toLowerCase();
  return s === '' ? dflt : s === '1' || s === 'true';
}

/** The service's list options from validated input, with the defaults of docs/product.md §9. */
export function listOptionsOf(input: ListInput): ListOptions {
  return {
    order: input.order ?? 'create_date',
    sort: input.sort ?? 'desc',
    page: input.page ?? 1,
    pageSize: input.pageSize ?? LIMITS.pageSizeDefault,
    seed: input.seed ?? 0,
    subtitle: flag(input.subtitle, false),
    includeTranslationWorks: flag(input.includeTranslationWorks, true),
    withPlaylistStatus: [...(input.withPlaylistStatus ?? [])],
    localSubtitledWorks: [...(input.localSubtitledWorks ?? [])],
  };
}

type FieldSchema = { type?: unknown; items?: FieldSchema };

/**
 * A preValidation hook: a list field of the query string (a schema `type: 'array'`) given as
 * `a,b` (or repeated, `x=a,b&x=c`) becomes its items, trimmed, empty ones dropped.
 */
export async function splitCommaLists(req: FastifyRequest): Promise<void> {
  const schema = req.routeOptions.schema as { querystring?: { properties?: Record<string, FieldSchema> } };
  const props = schema?.querystring?.properties;
  const query = req.query as Record<string, unknown> | undefined;
  if (!props || !query) return;
  for (const [name, field] of Object.entries(props)) {
    const value = query[name];
    if (field.type !== 'array' || value === undefined) continue;
    const parts = Array.isArray(value) ? value : [value];
    if (!parts.every((p) => typeof p === 'string')) continue;
    query[name] = (parts as string[])
      .flatMap((p) => p.split(','))
      .map((p) => p.trim())
      .filter(Boolean);
  }
}
