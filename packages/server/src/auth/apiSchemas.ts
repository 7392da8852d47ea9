/** JSON-schema pieces shared by the account, review, vote, playlist and recommender routes. */
import { ErrorBody, parseWorkIdParam, User } from '@sasayaki/contract';
import { badRequest } from '../errors.ts';

/** A string with a length cap: longer input is refused by validation (400) before any work. */
export const str = (maxLength: number, extra: Record<string, unknown> = {}) =>
  ({ type: 'string', maxLength, ...extra }) as const;

export const userSchema = User;

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

/** Every refusal answers `{error}` (details on validation failures). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  410: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
} as const;

/** A work id as clients send it: 1441165, "01441165" or "RJ01441165". */
export const workIdParam = {
  anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }],
  description: 'work id: 1441165, 01441165 or RJ01441165',
} as const;

/** A work id from a body or query field (number, "01441165" or "RJ01441165"), or 400. */
export function workIdFrom(raw: unknown, field: string): number {
  // Numbers go through the same parser as strings, so 1e300 or 1.5 are refused like "RJ" is.
  const id = typeof raw === 'number' || typeof raw === 'string' ? parseWorkIdParam(String(raw)) : null;
  if (id === null) throw badRequest(`${field} must be a work id like 1441165 or RJ01441165`);
  return id;
}
