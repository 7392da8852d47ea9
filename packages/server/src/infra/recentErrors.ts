/**
 * The last server errors (5xx answers and error-level log lines) of this instance, kept in memory
 * for the console's health screen: a ring, so a burst of errors costs a fixed amount of memory.
 */
import type { ServerError } from '@sasayaki/contract';

export const RECENT_ERRORS_KEPT = 50;
const MESSAGE_MAX = 500;

export class RecentErrors {
  private readonly ring: ServerError[] = [];

  constructor(private readonly size = RECENT_ERRORS_KEPT) {}

  add(e: Omit<ServerError, 'at' | 'message'> & { message: string }): void {
    this.ring.push({ ...e, at: Date.now(), message: e.message.slice(0, MESSAGE_MAX) });
    if (this.ring.length > this.size) this.ring.shift();
  }

  /** Newest first. */
  list(): ServerError[] {
    return [...this.ring].reverse();
  }
}
