/**
 * The list of works kept for offline listening (docs/web.md, "Offline listening"): what each keeps
 * (the URLs in the kept cache), its size and when. The bytes are in Cache Storage under
 * KEPT_CACHE, which the service worker (src/serviceWorker/sw.ts) answers from; this list, in
 * localStorage, is what the app reads synchronously (the health gate, the offline state, the
 * player's stream choice).
 */
import type { Work } from '@sasayaki/contract';
import { create } from 'zustand';

/** The Cache Storage cache of kept files; the service worker names it too. */
export const KEPT_CACHE = 'sasayaki-kept-v1';
export const KEPT_KEY = 'sasayaki-kept';

/** A kept work: the fields of its Work the list shows, and what is kept of it. */
export interface KeptWork extends Pick<Work, 'id' | 'source_id' | 'source_type' | 'title'> {
  /** The cover shown in the list (kept too). */
  cover: string;
  /** Every URL this work has in the kept cache. */
  urls: string[];
  bytes: number;
  /** Whether the whole tree is kept, or only some folders. */
  whole: boolean;
  keptAt: number;
}

function read(): KeptWork[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEPT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as KeptWork[]) : [];
  } catch {
    return [];
  }
}

export const useKept = create<{ works: KeptWork[] }>(() => ({ works: read() }));

function write(works: KeptWork[]): void {
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(works));
  } catch {
    // A full storage keeps the list of this page only; the cache still holds the files.
  }
  useKept.setState({ works });
}

export function keptWork(id: number): KeptWork | undefined {
  return useKept.getState().works.find((w) => w.id === id);
}

export function hasKeptWorks(): boolean {
  return useKept.getState().works.length > 0;
}

/** Whether this URL is in the kept cache (the player then plays it, not a low-quality stream). */
export function isKeptUrl(url: string): boolean {
  return useKept.getState().works.some((w) => w.urls.includes(url));
}

export function saveKept(work: KeptWork): void {
  write([work, ...useKept.getState().works.filter((w) => w.id !== work.id)]);
}

export function dropKept(id: number): void {
  write(useKept.getState().works.filter((w) => w.id !== id));
}

/** Another tab kept or removed a work. */
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === KEPT_KEY) useKept.setState({ works: read() });
  });
