/**
 * The checks every request goes through before schema validation (preValidation hooks):
 *   - numbers in the query string and path are plain decimal integers in the field's range
 *     (numericParams.ts, the one parser of URL numbers);
 *   - text may not hold the NUL character: PostgreSQL cannot store it in text (it fails the
 *     statement) and no name, keyword or review needs it. Refused before any work, on both databases.
 */
import type { FastifyRequest } from 'fastify';
import { fail } from '../errors.ts';
import { badNumber, INT32_MAX, integerParam, plainInteger } from '../numericParams.ts';

interface FieldSchema {
  type?: unknown;
  items?: FieldSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const isIntegerField = (s: FieldSchema) =>
  s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer') && !s.type.includes('string'));

function checkPart(schema: unknown, data: unknown): void {
  const props = (schema as { properties?: Record<string, FieldSchema> } | undefined)?.properties;
  if (!props || !data || typeof data !== 'object') return;
  for (const [name, field] of Object.entries(props)) {
    const value = (data as Record<string, unknown>)[name];
    // A list of integers (split by splitCommaLists): each item plain; its range is the schema's.
    const list = field.type === 'array' && field.items && isIntegerField(field.items);
    const of = list ? (field.items as FieldSchema) : field;
    if (value === undefined || !isIntegerField(of)) continue;
    const min = of.minimum ?? (of.exclusiveMinimum ?? -INT32_MAX - 1) + 1;
    const max = of.maximum ?? (of.exclusiveMaximum ?? INT32_MAX + 1) - 1;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!list) integerParam(v, name, min, max);
      else if (plainInteger(v) === null) throw badNumber(name, min, max);
    }
  }
}

/** Refuses non-plain or out-of-range integers in the query string and path. */
export async function checkNumericParams(req: FastifyRequest): Promise<void> {
  const schema = req.routeOptions.schema as { querystring?: unknown; params?: unknown } | undefined;
  if (!schema) return;
  checkPart(schema.querystring, req.query);
  checkPart(schema.params, req.params);
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/** A 400 when the query string, path or JSON body holds a NUL character. */
export async function refuseNulCharacters(req: FastifyRequest): Promise<void> {
  if (holdsNul(req.query) || holdsNul(req.params) || holdsNul(req.body)) {
    throw fail('NUL_CHARACTER');
  }
}
