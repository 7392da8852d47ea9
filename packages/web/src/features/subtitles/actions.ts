/**
 * Changes to the local subtitles: importing an archive in the worker, deleting packages. After
 * each, the work ids with local subtitles are re-read into the settings (the works lists send
 * them).
 */
import { useSettings } from '../../shared/settings/store.ts';
import { subtitleDb } from './db.ts';
import { type ImportState, useSubtitleStore } from './importState.ts';
import { clearAll, removePackage, subtitledWorkIds } from './repository.ts';
import type { WorkerReply } from './workerProtocol.ts';

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Re-reads the works with local subtitles into the settings, and tells lists to reload. The
 * settings keep their array when the ids are the same, so the works lists' requests do not
 * change.
 */
export async function refreshSubtitledWorks(): Promise<void> {
  const ids = await subtitledWorkIds(subtitleDb());
  if (!sameIds(ids, useSettings.getState().localSubtitledWorks))
    useSettings.getState().set({ localSubtitledWorks: ids });
  useSubtitleStore.setState((s) => ({ revision: s.revision + 1 }));
}

/** Imports an archive in the worker. Resolves with the final state; never rejects. */
export function importSubtitleArchive(file: File): Promise<ImportState> {
  const current = useSubtitleStore.getState().importing;
  if (current.status === 'processing') return Promise.resolve(current);
  const set = (importing: ImportState) => useSubtitleStore.setState({ importing });
  set({ status: 'processing', fileName: file.name, progress: { phase: 'verifying', done: 0, total: 0 } });
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ImportState>((resolve) => {
    const end = async (state: ImportState) => {
      worker.terminate();
      if (state.status === 'finished') await refreshSubtitledWorks().catch(() => undefined);
      set(state);
      resolve(state);
    };
    worker.onmessage = (e: MessageEvent<WorkerReply>) => {
      const m = e.data;
      if (m.type === 'progress') set({ status: 'processing', fileName: file.name, progress: m.progress });
      else if (m.type === 'done') void end({ status: 'finished', fileName: file.name, result: m.result });
      else void end({ status: 'error', fileName: file.name, kind: m.kind, message: m.message });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      void end({
        status: 'error',
        fileName: file.name,
        kind: 'unknown',
        message: e.message || 'worker failed',
      });
    };
    worker.postMessage({ file });
  });
}

export async function deletePackage(id: number): Promise<void> {
  await removePackage(subtitleDb(), id);
  await refreshSubtitledWorks();
}

export async function deleteAllPackages(): Promise<void> {
  await clearAll(subtitleDb());
  await refreshSubtitledWorks();
}
