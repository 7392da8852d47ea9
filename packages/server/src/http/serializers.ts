/**
 * Response serialisers compiled once per schema. Fastify compiles a serialiser per route and
 * status, so a route registered at several paths (the contract's aliases) and the many routes
 * that answer the same shape (every works list) each held their own copy of the same generated
 * code: some 60 KB of source and its compiled code per works-list route (docs/catalogue.md
 * "Memory"). Here a schema object compiled once is reused wherever it answers.
 */
import fastJson, { type Options, type Schema } from 'fast-json-stringify';

type Serializer = (data: unknown) => string;

/** Every compiled serialiser, by the external schemas it may refer to, then by schema object. */
const compiled = new Map<string, WeakMap<object, Serializer>>();
/** Serialisers compiled and reused since the process began (tests). */
export const serializerCounts = { compiled: 0, reused: 0 };

/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
export function sharedSerializers(externalSchemas?: unknown, serializerOpts?: Options) {
  const externals = (externalSchemas ?? {}) as Record<string, Schema>;
  const ids = Object.keys(externals).sort().join('\n');
  const cache = compiled.get(ids) ?? new WeakMap<object, Serializer>();
  compiled.set(ids, cache);
  return ({ schema }: { schema?: unknown }): Serializer => {
    const known = cache.get(schema as object);
    if (known) {
      serializerCounts.reused += 1;
      return known;
    }
    // A schema that is itself one of the external schemas is compiled without its own entry,
    // which fast-json-stringify would otherwise see twice.
    const { $id } = schema as { $id?: string };
    const others = { ...externals };
    if ($id) delete others[$id];
    const serializer: Serializer = fastJson(schema as Schema, { ...serializerOpts, schema: others });
    cache.set(schema as object, serializer);
    serializerCounts.compiled += 1;
    return serializer;
  };
}
