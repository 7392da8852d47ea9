/**
 * The route table by `"METHOD /path"`, for clients that name an operation without importing the
 * table's runtime schemas (the web app's bundle stays free of them): types only.
 */
import type { TSchema } from 'typebox';
import type { RouteAnswer, RouteBody, RouteParams, RouteQuery, RouteSpec } from './define.ts';
import type { Routes } from './index.ts';

type AnyRoute = { [G in keyof Routes]: Routes[G][keyof Routes[G]] }[keyof Routes];
type MethodOf<R extends RouteSpec> = R['method'] extends readonly (infer M)[] ? M : R['method'];

/** Every operation by `"METHOD /path"` (the main path, Fastify form). */
export type EndpointMap = {
  [R in AnyRoute as `${MethodOf<R> & string} ${R['path']}`]: R;
};
export type Endpoint = keyof EndpointMap;

/** What a call of a route sends: path params, query string and body, as its schemas say. */
export type RouteInput<R extends RouteSpec> = (R['params'] extends TSchema
  ? { params: RouteParams<R> }
  : { params?: undefined }) &
  (R['querystring'] extends TSchema ? { query?: RouteQuery<R> } : { query?: undefined }) &
  (R['body'] extends TSchema ? { body: RouteBody<R> } : { body?: undefined });

export type EndpointRoute<E extends Endpoint> = EndpointMap[E] extends RouteSpec ? EndpointMap[E] : never;
export type EndpointInput<E extends Endpoint> = RouteInput<EndpointRoute<E>>;
/** The body of an endpoint's successful answer. */
export type EndpointAnswer<E extends Endpoint> = RouteAnswer<EndpointRoute<E>>;
/** The query string an endpoint takes, for a function that hands one on to `call()`. */
export type EndpointQuery<E extends Endpoint> = RouteQuery<EndpointRoute<E>>;
/** The body an endpoint takes, for a function that hands one on to `call()`. */
export type EndpointBody<E extends Endpoint> = RouteBody<EndpointRoute<E>>;
