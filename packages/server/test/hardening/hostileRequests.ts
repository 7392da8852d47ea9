/**
 * Hostile requests generated from the server's own OpenAPI document: every operation, with
 * fast-check values that real clients never send (huge and negative numbers, NaN spellings,
 * unicode, very long strings, wrong types, traversal strings, missing and extra fields).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export interface Operation {
  method: string;
  /** OpenAPI path template, `/api/work/{id}`. */
  path: string;
  pathParams: string[];
  query: string[];
  body: string[] | null;
}

export interface HostileRequest {
  method: string;
  url: string;
  payload?: unknown;
  who: Principal;
}

export type Principal = 'anonymous' | 'guest' | 'user';

interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Every operation of the API (docs and the web app's files left out). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApi;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema?.properties;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: body ? Object.keys(body) : method === 'get' ? null : [],
      });
    }
  }
  return ops;
}

const NASTY = [
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1e3',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1.5',
  ' 1',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  '\u202e\u200b',
  'RJ01441165',
  'VJ999999999',
  "'; drop table works; --",
  '$t:a$ '.repeat(400),
  '耳かき '.repeat(300),
  'a'.repeat(5000),
  '🎧'.repeat(700),
  '__proto__',
  'constructor',
  'true',
  'null',
  '[]',
  '{}',
];

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 3000 }),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 1e300, -0),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);

/** A subset of the declared fields with hostile values, sometimes with an extra field. */
const fieldsOf = (names: string[]) =>
  fc
    .tuple(
      fc.subarray(names),
      fc.array(value, { minLength: names.length, maxLength: names.length }),
      fc.option(fc.tuple(fc.string({ maxLength: 12 }), value), { freq: 4 }),
    )
    .map(([chosen, values, extra]) => {
      const out: Record<string, unknown> = {};
      chosen.forEach((name, i) => {
        out[name] = values[i];
      });
      if (extra) out[extra[0]] = extra[1];
      return out;
    });

const inUrl = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function requestFor(op: Operation): fc.Arbitrary<Omit<HostileRequest, 'who'>> {
  const body: fc.Arbitrary<unknown> =
    op.body === null
      ? fc.constant(undefined)
      : fc.oneof({ weight: 5, arbitrary: fieldsOf(op.body) }, { weight: 1, arbitrary: value });
  return fc
    .tuple(
      fc.array(fc.oneof(scalar, fc.string({ minLength: 1, maxLength: 12 })), {
        minLength: op.pathParams.length,
        maxLength: op.pathParams.length,
      }),
      fieldsOf(op.query),
      body,
    )
    .map(([pathValues, query, payload]) => {
      let path = op.path;
      op.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, inUrl(pathValues[i]).slice(0, 1500) || 'x');
      });
      const qs = Object.entries(query)
        .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))
        .map(([k, v]) => `${encodeURIComponent(String(k))}=${inUrl(v)}`)
        .join('&');
      return { method: op.method, url: qs ? `${path}?${qs}` : path, payload };
    });
}

/** `count` hostile requests spread over every operation and every kind of caller. */
export function hostileRequests(ops: Operation[], count: number, seed: number): HostileRequest[] {
  const one = fc
    .tuple(fc.oneof(...ops.map(requestFor)), fc.constantFrom<Principal>('anonymous', 'guest', 'user'))
    .map(([r, who]) => ({ ...r, who }));
  return fc.sample(one, { numRuns: count, seed });
}
