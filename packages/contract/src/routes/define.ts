/**
 * What a route of the HTTP API is: its method, path, documentation and the schemas of its
 * params, query string, body and answers. The server registers and documents each route from
 * these (packages/server/src/routes/route.ts); the web app's client is typed by them.
 */
import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface RouteSpec {
  readonly method: HttpMethod | readonly HttpMethod[];
  /** Fastify form: `/api/work/:id`. */
  readonly path: string;
  /** Further paths answered by the same operation (e.g. without the trailing slash). */
  readonly alsoAt?: readonly string[];
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Documented as taking a bearer token. */
  readonly bearer?: boolean;
  readonly params?: TSchema;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  /** A body cap above the server's default (e.g. uploads), bytes. */
  readonly bodyLimit?: number;
  readonly response: Readonly<Record<number, TSchema>>;
}

/** Keeps the literal types of a route, so its static types can be derived. */
export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

export type RouteParams<R extends RouteSpec> = StaticOf<R['params']>;
export type RouteQuery<R extends RouteSpec> = StaticOf<R['querystring']>;
export type RouteBody<R extends RouteSpec> = StaticOf<R['body']>;
/** The body of the successful answer (200, else the first 2xx the route declares). */
export type RouteAnswer<R extends RouteSpec> = R['response'] extends { 200: infer S }
  ? StaticOf<S>
  : R['response'] extends { 302: infer S }
    ? StaticOf<S>
    : unknown;

/** Every path of a route, the main one first. */
export const pathsOf = (route: RouteSpec): readonly string[] => [route.path, ...(route.alsoAt ?? [])];

/** Every method of a route. */
export const methodsOf = (route: RouteSpec): readonly HttpMethod[] =>
  typeof route.method === 'string' ? [route.method] : route.method;
