/**
 * Whether the server answers (docs/product.md §8): `up`, or `down` with the time of the next health
 * check. The API client reports network failures here; the shell's connection monitor does the
 * checking and the banner shows it. Shared code only holds the state, so any part can read it.
 */
import { create } from 'zustand';

export type Connection =
  | { state: 'up' }
  | { state: 'down'; attempt: number; nextCheckAt: number; checking: boolean; offline: boolean };

export const useConnection = create<Connection>(() => ({ state: 'up' }));

type Listener = () => void;
const failureListeners = new Set<Listener>();

/** A request never reached the server (fetch threw, not an HTTP answer and not a cancel). */
export function reportNetworkFailure(): void {
  for (const l of failureListeners) l();
}

export function onNetworkFailure(l: Listener): () => void {
  failureListeners.add(l);
  return () => failureListeners.delete(l);
}

/** A fetch failure that means "no answer at all" rather than a cancel or a timeout we asked for. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}
