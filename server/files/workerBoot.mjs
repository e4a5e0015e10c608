// A worker thread's entry: the server runs TypeScript through tsx, whose hooks a new worker does not
// inherit on Node 20, so the worker registers them itself before importing its TypeScript entry.
import { workerData } from 'node:worker_threads';

import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
