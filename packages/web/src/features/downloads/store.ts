/**
 * The downloads of this page (docs/product.md §2.1, the downloads dialog): each file or archive is
 * fetched with its progress (bytes received of the announced length, speed), can be cancelled,
 * and is handed to the browser as a file once complete. Media requests carry the media cookie,
 * never a token in the URL (shared/ui/download.ts).
 */
import { create } from 'zustand';

export type DownloadState = 'running' | 'done' | 'failed' | 'cancelled';

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

function save(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Starts a download shown in the dialog (which opens); resolves when it ends, however it ends. */
export async function startDownload(url: string, name: string): Promise<void> {
  const id = nextId++;
  const controller = new AbortController();
  controllers.set(id, controller);
  useDownloads.setState((s) => ({
    open: true,
    items: [...s.items, { id, name, url, state: 'running', received: 0, total: null, speed: 0 }],
  }));
  try {
    const res = await fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    if (!res.ok || !res.body) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? `${res.status} ${res.statusText}`);
    }
    const length = Number(res.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    patch(id, { total });
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    const reader = res.body.getReader();
    let received = 0;
    let mark = { at: performance.now(), bytes: 0 };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.length;
      const now = performance.now();
      if (now - mark.at >= 500) {
        patch(id, { received, speed: ((received - mark.bytes) * 1000) / (now - mark.at) });
        mark = { at: now, bytes: received };
      }
    }
    patch(id, { received, state: 'done', speed: 0 });
    save(new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' }), name);
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
