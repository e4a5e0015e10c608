// One poster in a worker thread (server/files/modelConversions.ts starts it through workerBoot.mjs, like a
// model's optimisation): reads the image at `input`, writes its WebP poster at `output`
// (server/files/poster.ts) and answers its size.
import { parentPort, workerData } from 'node:worker_threads';

import { makePoster } from './poster';

export type PosterWorkerAnswer = { ok: true; bytes: number } | { ok: false; message: string };

const { input, output } = workerData as { input: string; output: string; entry: string };
let answer: PosterWorkerAnswer;
try {
  answer = { ok: true, bytes: (await makePoster(input, output)).bytes };
} catch (err) {
  // An image sharp cannot read, or over its pixel limit: no poster, the photo stays the viewer's.
  answer = { ok: false, message: err instanceof Error ? err.message : String(err) };
}
parentPort!.postMessage(answer);
