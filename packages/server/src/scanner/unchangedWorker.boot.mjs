// Worker threads start without the TypeScript loader the server runs under: register it, then
// load the worker itself (unchangedWorker.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
