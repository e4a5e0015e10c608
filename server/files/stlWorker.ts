// One STL conversion in a worker thread (server/files/modelConversions.ts starts it through
// workerBoot.mjs): the main thread never parses a model, and the worker's heap is bounded by its
// resourceLimits. The answer is the triangle count, or the French reason the file cannot be shown.
import { parentPort, workerData } from 'node:worker_threads';

import { convertStlFile, StlError } from './stl';

export type StlWorkerAnswer = { ok: true; triangles: number } | { ok: false; message: string };

const { input, output } = workerData as { input: string; output: string; entry: string };
let answer: StlWorkerAnswer;
try {
  answer = { ok: true, triangles: convertStlFile(input, output).triangles };
} catch (err) {
  if (!(err instanceof StlError)) throw err;
  answer = { ok: false, message: err.message };
}
parentPort!.postMessage(answer);
