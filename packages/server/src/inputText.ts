/**
 * Text fields may not hold the NUL character: PostgreSQL cannot store it in text (it fails the
 * statement) and no name, keyword or review needs it. Refused before any work, on both databases.
 */
import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/** A preValidation hook: a 400 when the query string, path or JSON body holds a NUL character. */
export async function refuseNulCharacters(req: FastifyRequest): Promise<void> {
  if (holdsNul(req.query) || holdsNul(req.params) || holdsNul(req.body)) {
    throw fail('NUL_CHARACTER');
  }
}
