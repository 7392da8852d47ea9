/**
 * What each kind of request of a load run got: answers by status, latency, client timeouts and
 * connection errors, so a failed run names the slow path instead of one total. autocannon itself
 * counts timeouts and errors only in all; `track` follows which request each connection has in
 * flight to put them on the right row.
 */
import type { EventEmitter } from 'node:events';
import type autocannon from 'autocannon';

/** A request of the run, with the row of the report it counts on. */
export type NamedRequest = autocannon.Request & { name: string };

interface Row {
  sent: number;
  statuses: Record<string, number>;
  latenciesMs: number[];
  timeouts: number;
  /** Connection errors, and requests whose connection closed before an answer. */
  errors: number;
}

/**
 * The parts of autocannon's client this relies on (not in its types): `getRequestBuffer` is
 * called to write each request, `requestIterator.currentRequest` is the request it writes. It emits
 * `timeout` (after reconnecting and writing the next request) and `connError`, which its types
 * leave out.
 */
interface ClientInternals extends EventEmitter {
  getRequestBuffer(): Buffer;
  requestIterator: { currentRequest: NamedRequest };
}

export class LoadReport {
  private readonly rows = new Map<string, Row>();
  /** Answers per connection, in the order connections were set up. */
  private readonly answersPerConnection: number[] = [];

  constructor(requests: NamedRequest[]) {
    for (const r of requests)
      if (!this.rows.has(r.name))
        this.rows.set(r.name, { sent: 0, statuses: {}, latenciesMs: [], timeouts: 0, errors: 0 });
  }

  /** autocannon's `setupClient`: counts each answer, timeout and error of the connection on its request's row. */
  readonly track = (client: autocannon.Client): void => {
    const c = client as unknown as ClientInternals;
    const connection = this.answersPerConnection.push(0) - 1;
    let inFlight: Row | undefined;
    // Written while the previous request had no answer: the previous one was lost (a timeout,
    // or the server closed the connection); `timeout` follows at once for the former.
    let lost: Row | undefined;
    const write = c.getRequestBuffer.bind(c);
    c.getRequestBuffer = () => {
      if (inFlight) {
        lost = inFlight;
        lost.errors += 1;
      }
      inFlight = this.rows.get(c.requestIterator.currentRequest.name);
      if (inFlight) inFlight.sent += 1;
      return write();
    };
    c.on('response', (status: number, _bytes: number, ms: number) => {
      this.answersPerConnection[connection] = (this.answersPerConnection[connection] ?? 0) + 1;
      if (inFlight) {
        inFlight.statuses[status] = (inFlight.statuses[status] ?? 0) + 1;
        inFlight.latenciesMs.push(ms);
      }
      inFlight = undefined;
    });
    c.on('timeout', () => {
      if (!lost) return;
      lost.errors -= 1;
      lost.timeouts += 1;
      lost = undefined;
    });
    c.on('connError', () => {
      if (inFlight) inFlight.errors += 1;
      inFlight = undefined;
    });
  };

  /**
   * Connections that got no answer in the whole run. A server that serves some clients and
   * starves the others shows here, while its latency percentiles (of answers only) look fine.
   */
  unansweredConnections(): number {
    return this.answersPerConnection.filter((n) => n === 0).length;
  }

  /** Rows by request name. */
  summary(): Record<
    string,
    {
      answered: number;
      statuses: Record<string, number>;
      p50: number;
      p99: number;
      max: number;
      timeouts: number;
      errors: number;
    }
  > {
    const out: ReturnType<LoadReport['summary']> = {};
    for (const [name, r] of this.rows) {
      const sorted = [...r.latenciesMs].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      out[name] = {
        answered: sorted.length,
        statuses: r.statuses,
        p50: Math.round(at(0.5)),
        p99: Math.round(at(0.99)),
        max: Math.round(sorted.at(-1) ?? 0),
        timeouts: r.timeouts,
        errors: r.errors,
      };
    }
    return out;
  }

  /** The summary as a fixed-width table, one row per kind of request. */
  table(): string {
    const head = ['request', 'answered', 'p50 ms', 'p99 ms', 'max ms', 'timeouts', 'errors', 'statuses'];
    const lines = Object.entries(this.summary()).map(([name, s]) => [
      name,
      String(s.answered),
      String(s.p50),
      String(s.p99),
      String(s.max),
      String(s.timeouts),
      String(s.errors),
      Object.entries(s.statuses)
        .map(([code, n]) => `${code}×${n}`)
        .join(' '),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
    const row = (cells: string[]) =>
      `| ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
    return [row(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row)].join('\n');
  }
}
