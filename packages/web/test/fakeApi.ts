/**
 * A stand-in API on 127.0.0.1 for a test file: it records every request and answers each with what
 * the test's `answer` returns (by default 200 `{}`). The API client points at it for the file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useSettings } from '../src/shared/settings/store.ts';

export interface SeenRequest {
  method: string;
  /** The path with its query string. */
  url: string;
  body: unknown;
  /** The Authorization header, when one was sent. */
  authorization?: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Server-Sent Events, sent as they are instead of a JSON body. */
  events?: string;
}

export interface FakeApi {
  /** The requests since the test began, oldest first. */
  readonly seen: SeenRequest[];
  /** How the server answers from now on (reset to 200 `{}` before each test). */
  answer: (req: SeenRequest) => Reply | Promise<Reply>;
}

/** Starts the stand-in before the file's tests and stops it after them. */
export function fakeApi(): FakeApi {
  const api: FakeApi = { seen: [], answer: () => ({}) };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', async () => {
        const seen: SeenRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          body: raw ? JSON.parse(raw) : null,
          authorization: req.headers.authorization,
        };
        api.seen.push(seen);
        const { status = 200, body = {}, events } = await api.answer(seen);
        if (events !== undefined) res.writeHead(status, { 'content-type': 'text/event-stream' }).end(events);
        else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    useSettings.getState().set({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(() => {
    useSettings.getState().set({ apiBaseUrl: '' });
    return new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    api.seen.length = 0;
    api.answer = () => ({});
  });
  return api;
}
