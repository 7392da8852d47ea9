/**
 * Request input the contract's schemas cannot fully check (their shapes are in
 * packages/contract/src/routes): work ids given in bodies and query strings.
 */
import { parseWorkIdParam } from '@sasayaki/contract';
import { fail } from '../errors.ts';

/** A work id from a body or query field (number, "01441165" or "RJ01441165"), or 400. */
export function workIdFrom(raw: unknown, field: string): number {
  // Numbers go through the same parser as strings, so 1e300 or 1.5 are refused like "RJ" is.
  const id = typeof raw === 'number' || typeof raw === 'string' ? parseWorkIdParam(String(raw)) : null;
  if (id === null) throw fail('WORK_ID_FIELD_INVALID', { field });
  return id;
}
