/**
 * Watches every answer of a test app: an error answer (status 400 and up) with a JSON body must
 * carry a `code` of the catalogue, the catalogue's status for it, and the catalogue's message
 * with its `params` filled in. Violations are collected and reported when the app closes.
 */
import { ERRORS, fillPlaceholders, isErrorCode } from '@sasayaki/contract/errors';
import type { FastifyInstance } from 'fastify';

export interface ErrorAnswerWatch {
  /** Throws, listing every error answer that broke the rule. */
  assertAllCoded(): void;
}

export function problemOf(status: number, body: unknown): string | null {
  if (body === null || typeof body !== 'object') return 'the body is not a JSON object';
  const { code, error, params } = body as { code?: unknown; error?: unknown; params?: unknown };
  if (!isErrorCode(code)) return `code ${JSON.stringify(code)} is not in the catalogue`;
  if (ERRORS[code].status !== status && code !== 'BAD_REQUEST') {
    return `${code} answered ${status}, the catalogue says ${ERRORS[code].status}`;
  }
  // The maintenance answer of /api/health carries its page instead of a message.
  if (code === 'MAINTENANCE') return null;
  const expected = fillPlaceholders(ERRORS[code].message, params as Record<string, unknown> | undefined);
  if (error !== expected) return `${code} said ${JSON.stringify(error)}, not ${JSON.stringify(expected)}`;
  return null;
}

export function watchErrorAnswers(app: FastifyInstance): ErrorAnswerWatch {
  const problems: string[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    // Subsonic answers in its own envelope (a closed site's 503 among them).
    if (req.url.startsWith('/rest/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) {
      problems.push(`${req.method} ${req.url} → ${reply.statusCode} without a JSON body`);
      return payload;
    }
    const problem = problemOf(reply.statusCode, JSON.parse(payload));
    if (problem) problems.push(`${req.method} ${req.url} → ${reply.statusCode}: ${problem}`);
    return payload;
  });
  return {
    assertAllCoded() {
      if (problems.length) throw new Error(`error answers outside the catalogue:\n${problems.join('\n')}`);
    },
  };
}
