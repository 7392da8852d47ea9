/// <reference lib="webworker" />
/**
 * The import worker: reads the dropped or chosen archive, decompresses, parses and stores it off
 * the page's thread, reporting progress (actions.ts is the other end).
 */
import { subtitleDb } from './db.ts';
import { toImportError } from './errors.ts';
import { importArchive } from './importer.ts';
import type { WorkerReply } from './workerProtocol.ts';

const post = (m: WorkerReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.onmessage = async (e: MessageEvent<{ file: File }>) => {
  const { file } = e.data;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await importArchive(
      subtitleDb(),
      { name: file.name, bytes },
      { onProgress: (progress) => post({ type: 'progress', progress }) },
    );
    post({ type: 'done', result });
  } catch (err) {
    const error = toImportError(err);
    post({ type: 'error', kind: error.kind, message: error.message });
  }
};
