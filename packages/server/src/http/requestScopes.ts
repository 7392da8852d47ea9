/**
 * Everything a request does runs in its scope (db/requestScope.ts): its age, so the database
 * serves the oldest request first, and a signal that aborts when the client goes away, so work
 * nobody will read is dropped. Set on arrival, before the sign-in check's query, and entered
 * again for the handler: body parsing runs in the socket's async context, not the request's.
 */
import type { FastifyInstance } from 'fastify';
import { newRequestScope, RequestGoneError, type RequestScope, runForRequest } from '../db/requestScope.ts';

export function registerRequestScopes(app: FastifyInstance): void {
  const scopes = new WeakMap<object, RequestScope>();
  app.addHook('onRequest', (req, reply, done) => {
    // A client may leave before this hook runs (the settings refresh before it waited for the
    // database). Its close has passed and its body will never be read: answered at once.
    if (req.raw.destroyed || reply.raw.closed) {
      done(new RequestGoneError());
      return;
    }
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const requestScope = newRequestScope(gone.signal, req.ip);
    scopes.set(req, requestScope);
    runForRequest(requestScope, done);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const requestScope = scopes.get(req);
    if (requestScope) runForRequest(requestScope, done);
    else done();
  });
}
