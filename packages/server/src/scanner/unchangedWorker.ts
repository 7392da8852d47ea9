/**
 * Worker thread of the rescan's no-change check (unchanged.ts): lists the trees of the work
 * folders it is sent and tells which still match their stored signature.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fsPathFromMessage } from '../storage/byteNames.ts';
import { treeSignature } from './summary.ts';
import type { CheckRequest, CheckResult } from './unchanged.ts';
import { listWorkTree } from './walk.ts';

const roots = (workerData as { roots: string[] }).roots;

parentPort!.on('message', (batch: CheckRequest[]) => {
  const results: CheckResult[] = batch.map(({ id, absPath, signature }) => {
    try {
      const tree = listWorkTree(fsPathFromMessage(absPath), roots);
      const same = !tree.incomplete && treeSignature(tree.entries) === signature;
      return same
        ? { id, unchanged: true, files: tree.entries.length, issues: tree.issues }
        : { id, unchanged: false };
    } catch {
      // The main thread lists it again and reports what went wrong.
      return { id, unchanged: false };
    }
  });
  parentPort!.postMessage(results);
});
