/**
 * The graceful shutdown of http/shutdown.ts over real sockets: health fails first while the
 * server still accepts, then new connections are refused, a request in flight finishes, an idle
 * kept-alive connection is left to its client and answered once more with `Connection: close`,
 * and a stream still running at the drain time is cut.
 */
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { drainAndClose } from '../../src/http/shutdown.ts';
import { startTestApp, type TestApp } from '../helpers/testApp.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw HTTP/1.1 connection: send a request, read one whole answer (head and body text). */
class Conn {
  readonly sock: net.Socket;
  private buf = '';
  closed = false;
  constructor(port: number) {
    this.sock = net.connect(port, '127.0.0.1');
    this.sock.setEncoding('utf8');
    this.sock.on('data', (d: string) => {
      this.buf += d;
    });
    this.sock.on('close', () => {
      this.closed = true;
    });
    this.sock.on('error', () => {});
  }
  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.sock.once('connect', () => resolve());
      this.sock.once('error', reject);
    });
  }
  send(path: string): void {
    this.buf = '';
    this.sock.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  }
  /** Waits for a whole answer with a Content-Length body. */
  async answer(): Promise<{ status: number; connection: string; body: string; head: string }> {
    for (let i = 0; i < 200; i++) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = this.buf.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (this.buf.length >= end + 4 + length) {
          return {
            status: Number(head.split(' ')[1]),
            connection: /\r\nconnection: ([^\r]+)/i.exec(head)?.[1]?.toLowerCase() ?? '',
            body: this.buf.slice(end + 4, end + 4 + length),
            head,
          };
        }
      }
      await sleep(10);
    }
    throw new Error(`no whole answer: ${this.buf}`);
  }
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

describe('graceful shutdown', () => {
  let ta: TestApp | undefined;
  afterEach(async () => {
    await ta?.close();
    ta = undefined;
  });

  async function listening(): Promise<number> {
    ta = await startTestApp(
      'sqlite',
      {},
      {
        beforeReady(app) {
          app.get('/test/slow', async () => {
            await sleep(600);
            return { slow: true };
          });
          // A stream that never ends by itself, like a long download to a slow listener.
          app.get('/test/endless', (_req, reply) => {
            const body = new PassThrough();
            const timer = setInterval(() => body.write('x'.repeat(100)), 50);
            body.on('close', () => clearInterval(timer));
            return reply.type('application/octet-stream').send(body);
          });
        },
      },
    );
    await ta.app.listen({ host: '127.0.0.1', port: 0 });
    return (ta.app.server.address() as net.AddressInfo).port;
  }

  it('fails health first, refuses new connections, finishes in-flight and idle kept-alive requests', async () => {
    const port = await listening();
    const idle = new Conn(port);
    await idle.ready();
    idle.send('/api/health');
    expect(await idle.answer()).toMatchObject({ status: 200, body: 'OK', connection: 'keep-alive' });
    const busy = new Conn(port);
    await busy.ready();
    busy.send('/test/slow');
    await sleep(50);

    const closing = drainAndClose(ta!.app, { delayMs: 300, drainMs: 5000 });
    // The delay: health says 503 to a new connection, which is still accepted.
    const fresh = new Conn(port);
    await fresh.ready();
    fresh.send('/api/health');
    const health = await fresh.answer();
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({
      html: '',
      code: 'SHUTTING_DOWN',
      error: 'This server is shutting down: try again in a moment.',
    });
    expect(health.connection).toBe('close');

    await sleep(400);
    // Past the delay: no new connection; the one in flight and the idle one are still served.
    expect(await connects(port)).toBe(false);
    expect(idle.closed).toBe(false);
    idle.send('/api/version');
    const last = await idle.answer();
    expect(last.status).toBe(200);
    expect(last.connection, last.head).toBe('close');
    const slow = await busy.answer();
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body)).toEqual({ slow: true });
    expect(slow.connection).toBe('close');

    const outcome = await closing;
    expect(outcome.cut).toBe(0);
    // Done as soon as the connections ended, well before the drain time.
    expect(outcome.tookMs).toBeLessThan(4000);
    // The server has ended both connections; the client hears the close a moment later.
    for (let i = 0; i < 100 && !(idle.closed && busy.closed); i++) await sleep(10);
    expect(idle.closed && busy.closed).toBe(true);
  }, 120_000);

  it('cuts a stream still running at the drain time', async () => {
    const port = await listening();
    const stream = new Conn(port);
    await stream.ready();
    stream.send('/test/endless');
    await sleep(200);
    const outcome = await drainAndClose(ta!.app, { delayMs: 0, drainMs: 500 });
    expect(outcome.cut).toBe(1);
    expect(outcome.tookMs).toBeGreaterThanOrEqual(500);
    for (let i = 0; i < 100 && !stream.closed; i++) await sleep(20);
    expect(stream.closed).toBe(true);
  }, 120_000);
});
