/**
 * Validation failures that keep a code of their own in the error catalogue (what the web app and
 * clients translate): the works-list fields, and the playlist name and description, whose schema
 * limits are the LIMITS the services check. Any other failure answers INVALID_REQUEST.
 */
import { LIMITS, WORK_ORDERS } from '@sasayaki/contract';
import type { FastifyRequest } from 'fastify';
import { fail, type HttpError } from '../errors.ts';

interface ValidationFailure {
  instancePath: string;
  keyword: string;
  params?: { allowedValues?: unknown[] };
}

/** Whether the route takes works-list parameters in this part of the request. */
function isListPart(req: FastifyRequest, part: string | undefined): boolean {
  const schema = req.routeOptions.schema as Record<string, { properties?: object } | undefined> | undefined;
  const props = part ? schema?.[part]?.properties : undefined;
  return !!props && 'withPlaylistStatus' in props;
}

/**
 * The catalogue code of a failed works-list field (what the web app and clients translate), or
 * null for a failure of any other field (answered as INVALID_REQUEST).
 */
function listFieldError(
  req: FastifyRequest,
  part: string | undefined,
  failure: ValidationFailure,
): HttpError | null {
  if (!isListPart(req, part)) return null;
  const [, field = ''] = failure.instancePath.split('/');
  switch (field) {
    case 'order':
      return fail('ORDER_INVALID', { orders: (failure.params?.allowedValues ?? WORK_ORDERS).join(', ') });
    case 'sort':
      return fail('SORT_INVALID');
    case 'subtitle':
    case 'includeTranslationWorks':
      return fail('FLAG_INVALID', { name: field });
    case 'localSubtitledWorks':
      return failure.keyword === 'maxItems'
        ? fail('LOCAL_SUBTITLED_TOO_MANY', { max: LIMITS.localSubtitledWorksMax })
        : fail('LOCAL_SUBTITLED_INVALID');
    case 'withPlaylistStatus':
      return failure.keyword === 'maxItems'
        ? fail('PLAYLIST_STATUS_TOO_MANY', { max: LIMITS.withPlaylistStatusMax })
        : null;
    default:
      return null;
  }
}

/** The playlist routes' name and description past their LIMITS. */
function playlistFieldError(
  req: FastifyRequest,
  part: string | undefined,
  failure: ValidationFailure,
): HttpError | null {
  if (part !== 'body' || !req.url.startsWith('/api/playlist/') || failure.keyword !== 'maxLength')
    return null;
  if (failure.instancePath === '/name') return fail('PLAYLIST_NAME_TOO_LONG', { max: LIMITS.playlistName });
  if (failure.instancePath === '/description') {
    return fail('PLAYLIST_DESCRIPTION_TOO_LONG', { max: LIMITS.playlistDescription });
  }
  return null;
}

/** The catalogue code of a validation failure that has one, or null. */
export function fieldError(
  req: FastifyRequest,
  part: string | undefined,
  failure: ValidationFailure | undefined,
): HttpError | null {
  if (!failure) return null;
  return listFieldError(req, part, failure) ?? playlistFieldError(req, part, failure);
}
