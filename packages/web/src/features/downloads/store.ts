/**
 * The downloads of this page (docs/product.md §2.1, the downloads dialog). Nothing is held in
 * memory: where the browser lets the page write a file the listener picks (Chromium), the
 * response streams into it with progress (bytes received of the announced length, speed) and can
 * be cancelled; elsewhere the browser's download manager takes the URL and shows the progress
 * itself (saveTarget.ts). Media requests carry the media cookie, never a token in the URL
 * (shared/ui/download.ts).
 */
import { create } from 'zustand';
import { chooseTarget, handToBrowser } from './saveTarget.ts';

/** `browser`: handed to the browser's download manager, which shows its progress. */
export type DownloadState = 'running' | 'done' | 'failed' | 'cancelled' | 'browser';

export interface Download {
  id: number;
  name: string;
  url: string;
  state: DownloadState;
  received: number;
  /** From Content-Length; null when the server did not announce it. */
  total: number | null;
  /** Bytes per second over the last second or so. */
  speed: number;
  error?: string;
}

interface DownloadsStore {
  items: Download[];
  open: boolean;
  setOpen(open: boolean): void;
}

export const useDownloads = create<DownloadsStore>((set) => ({
  items: [],
  open: false,
  setOpen: (open) => set({ open }),
}));

const controllers = new Map<number, AbortController>();
let nextId = 1;

function patch(id: number, change: Partial<Download>): void {
  useDownloads.setState((s) => ({ items: s.items.map((d) => (d.id === id ? { ...d, ...change } : d)) }));
}

/** Counts the bytes passing through and reports them to the dialog at most twice a second. */
function progressCounter(id: number): TransformStream<Uint8Array, Uint8Array> {
  let received = 0;
  let mark = { at: performance.now(), bytes: 0 };
  return new TransformStream({
    transform(chunk, out) {
      received += chunk.length;
      out.enqueue(chunk);
      const now = performance.now();
      if (now - mark.at >= 500) {
        patch(id, { received, speed: ((received - mark.bytes) * 1000) / (now - mark.at) });
        mark = { at: now, bytes: received };
      }
    },
    flush() {
      patch(id, { received });
    },
  });
}

function add(item: Omit<Download, 'id'>): number {
  const id = nextId++;
  useDownloads.setState((s) => ({ open: true, items: [...s.items, { id, ...item }] }));
  return id;
}

/**
 * Starts a download shown in the dialog (which opens); resolves when it ends, however it ends.
 * Call it from the click that asks for it (the save picker needs that click).
 */
export async function startDownload(url: string, name: string): Promise<void> {
  const target = await chooseTarget(name);
  const base = { name, url, received: 0, total: null, speed: 0 };
  if (target.kind === 'none') return;
  if (target.kind === 'browser') {
    handToBrowser(url, name);
    add({ ...base, state: 'browser' });
    return;
  }
  const id = add({ ...base, state: 'running' });
  const controller = new AbortController();
  controllers.set(id, controller);
  try {
    const res = await fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    if (!res.ok || !res.body) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? `${res.status} ${res.statusText}`);
    }
    const length = Number(res.headers.get('content-length'));
    patch(id, { total: Number.isFinite(length) && length > 0 ? length : null });
    // pipeTo closes the file at the end, which puts what was written in place, and aborts it on
    // cancel or failure, which throws the partial write away.
    const file = await target.open();
    await res.body.pipeThrough(progressCounter(id)).pipeTo(file, { signal: controller.signal });
    patch(id, { state: 'done', speed: 0 });
  } catch (err) {
    if (controller.signal.aborted) patch(id, { state: 'cancelled', speed: 0 });
    else patch(id, { state: 'failed', speed: 0, error: (err as Error).message });
  } finally {
    controllers.delete(id);
  }
}

export function cancelDownload(id: number): void {
  controllers.get(id)?.abort();
}

/** Removes the downloads that have ended from the list. */
export function clearFinished(): void {
  useDownloads.setState((s) => ({ items: s.items.filter((d) => d.state === 'running') }));
}
