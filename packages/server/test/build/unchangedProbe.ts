/**
 * Bundled beside the built server by its test (serverBundle.test.ts): checks the work folder
 * argv[3] under root argv[2] on one worker thread, as a rescan of a large library does, once with
 * its true signature and once with a wrong one, and prints which checks came back unchanged.
 */
import { treeSignature } from '../../src/scanner/summary.ts';
import { unchangedWorks } from '../../src/scanner/unchanged.ts';
import { listWorkTree } from '../../src/scanner/walk.ts';

const [root, folder] = process.argv.slice(2) as [string, string];
const signature = treeSignature(listWorkTree(folder, [root]).entries);
const unchanged = await unchangedWorks(
  [
    { id: 1, absPath: folder, signature },
    { id: 2, absPath: folder, signature: 'not its signature' },
  ],
  [root],
  1,
);
process.stdout.write(JSON.stringify([...unchanged.keys()]));
