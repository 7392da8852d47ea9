/**
 * Turns at a shared resource (SQLite's one connection), given to the oldest request first.
 *
 * Handed out in plain arrival order, the turns of a burst of requests go round-robin: each
 * request runs one query, then queues behind every other request's next one, so the whole burst
 * is answered together at its end, and under load after its clients have given up. Given by
 * request age, the request that came first runs its queries one after the other and is answered
 * first; the others wait their turn, and their clients see answers in arrival order.
 *
 * A waiter whose client has gone away leaves the queue at once (RequestGoneError), so abandoned
 * requests cost no more work. Work outside a request waits as a request arriving when it asks.
 */
import { currentRequest, nextArrival, RequestGoneError } from './requestScope.ts';

interface Waiter {
  arrival: number;
  address: string;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  resolve: (leave: () => void) => void;
}

export class Turns {
  private active = 0;
  /** Oldest first. */
  protected readonly waiting: Waiter[] = [];

  constructor(private readonly limit: number) {}

  /** Requests waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a turn; resolves with the function that ends it. */
  take(): Promise<() => void> {
    const request = currentRequest();
    const signal = request?.signal;
    if (signal?.aborted) return Promise.reject(new RequestGoneError());
    if (this.active < this.limit && this.waiting.length === 0) {
      this.active += 1;
      return Promise.resolve(this.leaveOnce());
    }
    const arrival = request?.arrival ?? nextArrival();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        arrival,
        address: request?.address ?? '',
        signal,
        resolve,
        onAbort: () => {
          this.remove(waiter);
          reject(new RequestGoneError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.insert(waiter);
    });
  }

  private leaveOnce(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave();
    };
  }

  private leave(): void {
    if (this.waiting.length === 0) {
      this.active -= 1;
      return;
    }
    // The turn stays reserved and is handed over once the pending promise callbacks have run
    // (a tick callback queued from one runs after them, before any I/O): the request that just
    // had it asks again right away when it has another query, and being the older one keeps the
    // turn. Waiting for the next turn of the event loop instead would leave the database idle
    // while the loop reads sockets.
    process.nextTick(() => this.handOver());
  }

  /** Gives the reserved turn to the next waiter, or frees it. */
  private handOver(): void {
    const next = this.next();
    if (!next) {
      this.active -= 1;
      return;
    }
    next.signal?.removeEventListener('abort', next.onAbort);
    next.resolve(this.leaveOnce());
  }

  /** Takes the waiter whose turn it is: the oldest. */
  protected next(): Waiter | undefined {
    return this.waiting.shift();
  }

  private insert(waiter: Waiter): void {
    // Usually the newest: search from the end.
    let i = this.waiting.length;
    while (i > 0 && (this.waiting[i - 1] as Waiter).arrival > waiter.arrival) i--;
    this.waiting.splice(i, 0, waiter);
  }

  private remove(waiter: Waiter): void {
    const i = this.waiting.indexOf(waiter);
    if (i >= 0) this.waiting.splice(i, 1);
  }
}

/**
 * Turns shared fairly between client addresses: they go round the addresses that are waiting,
 * the oldest request of each first. A flood from a few addresses then delays another client by
 * about one turn per flooding address, not by the whole flood (password hashing, whose turns
 * anyone can ask for by signing in).
 */
export class TurnsByAddress extends Turns {
  /** When each address was last served (a running count); addresses never served are absent. */
  private readonly lastServed = new Map<string, number>();
  private serial = 0;

  protected override next(): Waiter | undefined {
    // The waiting address served longest ago (or never) goes first; among its requests, the
    // oldest (the queue is oldest first, and the first found wins).
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (const [i, w] of this.waiting.entries()) {
      const rank = this.lastServed.get(w.address) ?? -1;
      if (rank < bestRank) {
        best = i;
        bestRank = rank;
      }
    }
    if (best < 0) return undefined;
    const [next] = this.waiting.splice(best, 1) as [Waiter];
    this.serial += 1;
    this.lastServed.delete(next.address);
    this.lastServed.set(next.address, this.serial);
    // Only the recently served need remembering; the oldest entries go first (insertion order).
    if (this.lastServed.size > 4096) {
      const oldest = this.lastServed.keys().next().value as string;
      this.lastServed.delete(oldest);
    }
    return next;
  }
}
