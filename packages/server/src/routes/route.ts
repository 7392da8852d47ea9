/**
 * Registers an operation of the contract's route table (packages/contract/src/routes): method,
 * path(s) and schemas come from the table, so they are said once; the handler is typed by it.
 */
import {
  methodsOf,
  pathsOf,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
} from '@sasayaki/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}>;

type Answer<R extends RouteSpec> = RouteAnswer<R> | FastifyReply;

export type RouteHandler<R extends RouteSpec> = (
  this: FastifyInstance,
  req: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<Answer<R>> | Answer<R>;

/** The Fastify schema of a route: what validation, serialisation and /api/docs read. */
export function schemaOf(spec: RouteSpec): Record<string, unknown> {
  const schema: Record<string, unknown> = { tags: spec.tags, summary: spec.summary };
  if (spec.description) schema.description = spec.description;
  if (spec.bearer) schema.security = [{ bearer: [] }];
  if (spec.params) schema.params = spec.params;
  if (spec.querystring) schema.querystring = spec.querystring;
  if (spec.body) schema.body = spec.body;
  schema.response = spec.response;
  return schema;
}

/** Registers `handler` (a named function, so logs and profiles name it) at every path of `spec`. */
export function route<R extends RouteSpec>(
  app: FastifyInstance,
  spec: R,
  handler: RouteHandler<NoInfer<R>>,
): void {
  const schema = schemaOf(spec);
  for (const url of pathsOf(spec)) {
    app.route({
      method: [...methodsOf(spec)],
      url,
      schema,
      handler: handler as never,
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    });
  }
}
