/**
 * The fetch wrapper every API call goes through: base URL from the settings, bearer token,
 * JSON bodies, AbortSignal, and the common error handling of docs/product.md §8.
 *
 * Requests name an operation of the contract's route table (`call('GET /api/works', …)`), so their
 * params, query, body and answer are typed by it; there is no untyped way to send one
 * (docs/web.md, "API client").
 */
import type { Endpoint, EndpointAnswer, EndpointInput } from '@sasayaki/contract';
import { i18n } from '../i18n/index.ts';
import { notify } from '../notify/store.ts';
import { getSettings } from '../settings/store.ts';
import { isNetworkFailure, reportNetworkFailure } from './connection.ts';
import { ApiError, errorText, isSessionError } from './errors.ts';

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token (default true; the login call sends none, docs/product.md §7). */
  auth?: boolean;
  /** Do not show a notification on failure: the caller handles it (e.g. 404 → not-found page). */
  silent?: boolean;
  /** Abort after this many milliseconds. */
  timeoutMs?: number;
}

/**
 * What the client needs from the session, which the account feature owns. The shell connects it
 * at start-up, so the client depends on no feature.
 */
export interface ApiSession {
  /** The bearer token, or null when nobody is logged in. */
  token: () => string | null;
  /** Ends the session the server no longer accepts. */
  end: () => void;
  /** Opens the login dialog (the action offered with a session error). */
  login: () => void;
}

let session: ApiSession = { token: () => null, end: () => {}, login: () => {} };

export function connectSession(s: ApiSession): void {
  session = s;
}

function apiUrl(path: string, query?: Query): string {
  const base = getSettings().apiBaseUrl.replace(/\/+$/, '');
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    // Arrays repeat the key (`?withPlaylistStatus=a&withPlaylistStatus=b`), as the server expects.
    for (const item of Array.isArray(v) ? v : [v]) qs.append(k, String(item));
  }
  const s = qs.toString();
  return `${base}${path}${s ? `?${s}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (type.includes('json') && text !== '') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function timeoutSignal(signal: AbortSignal | undefined, ms: number | undefined): AbortSignal | undefined {
  if (!ms) return signal;
  const t = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, t]) : t;
}

/** Performs a request and returns the parsed answer; throws ApiError on a non-2xx status. */
async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.token();
  if (token && opts.auth !== false) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: timeoutSignal(opts.signal, opts.timeoutMs),
    });
    const body = await readBody(res);
    if (!res.ok) {
      const message =
        body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
          ? (body as { error: string }).error
          : null;
      throw new ApiError(res.status, res.statusText, message, body);
    }
    return body as T;
  } catch (err) {
    if (isNetworkFailure(err)) reportNetworkFailure();
    const sessionEnded = handleSessionError(err);
    if (!opts.silent || sessionEnded) reportError(err);
    throw err;
  }
}

/** JWT_EXPIRED / NO_TOKEN: clear the session, offer to log in. */
function handleSessionError(err: unknown): boolean {
  if (!isSessionError(err)) return false;
  if (session.token()) session.end();
  return true;
}

/** Shows the notification for a failed call (nothing for a cancelled one). */
export function reportError(err: unknown): void {
  const text = errorText(err, i18n.t.bind(i18n));
  if (text === null) return;
  const sessionError = isSessionError(err);
  notify({
    type: 'negative',
    message: text,
    action: sessionError ? { label: i18n.t('common.login'), onClick: () => session.login() } : undefined,
  });
}

/** `/api/work/:id` with `{id: 7}` → `/api/work/7` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The method, filled path and query string of an endpoint's call. */
function split<E extends Endpoint>(endpoint: E, input: EndpointInput<E>) {
  const space = endpoint.indexOf(' ');
  const { params, query, body } = input as {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
  };
  return {
    method: endpoint.slice(0, space) as NonNullable<RequestOptions['method']>,
    path: fillPath(endpoint.slice(space + 1), params),
    query,
    body,
  };
}

/**
 * Calls an operation of the contract's route table by its `"METHOD /path"`: the params, query
 * string and body are typed by the route's schemas, and so is the answer.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  opts: Omit<RequestOptions, 'method' | 'query' | 'body'> = {},
): Promise<EndpointAnswer<E>> {
  const { method, path, query, body } = split(endpoint, input);
  return request<EndpointAnswer<E>>(path, { ...opts, method, query, body });
}

/** The absolute URL of an endpoint, for a request the browser sends itself (a beacon). */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): string {
  const { path, query } = split(endpoint, input);
  return apiUrl(path, query);
}

/**
 * The absolute URL of a GET endpoint, for what the browser fetches or downloads itself (an
 * archive download, the health check that reads a 503's body): typed like `call`.
 */
export function urlOf<E extends Endpoint & `GET ${string}`>(endpoint: E, input: EndpointInput<E>): string {
  const { path, query } = split(endpoint, input);
  return apiUrl(path, query);
}

/**
 * `urlOf` with the session's token as `?token=`: a download link to a route that needs sign-in
 * outside the media routes (the browser's own request sends no Authorization header).
 */
export function signedUrlOf<E extends Endpoint & `GET ${string}`>(
  endpoint: E,
  input: EndpointInput<E>,
): string {
  const url = urlOf(endpoint, input);
  const token = session.token();
  return token ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : url;
}

/** One Server-Sent Event: its name and its parsed JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Follows a Server-Sent Events endpoint with the session's bearer token (which EventSource cannot
 * send), calling `onEvent` for each event until `signal` aborts; resolves when the stream ends.
 */
export async function followEvents<E extends Endpoint & `GET ${string}`>(
  endpoint: E,
  input: EndpointInput<E>,
  onEvent: (e: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(urlOf(endpoint, input), { headers, signal });
  if (!res.ok || !res.body) throw new ApiError(res.status, res.statusText, null, await readBody(res));
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    for (let cut = buffered.indexOf('\n\n'); cut >= 0; cut = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, cut);
      buffered = buffered.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) onEvent({ event, data: JSON.parse(data) });
    }
  }
}
