/** Answers the routes send beside the objects Fastify serialises itself. */
import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the catalogue already serialised (services/catalogue/lists.ts builds it with the
 * response schema's compiled serialiser, from cached parts): Fastify sends a buffer as is.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
