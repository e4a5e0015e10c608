// One model optimisation in a worker thread (server/files/modelConversions.ts starts it through
// workerBoot.mjs, like the STL conversion): reads the GLB or glTF at `input`, writes its light GLB at
// `output` (server/files/optimiseGlb.ts) and answers its size and SHA-256, the viewer's content address.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

import { optimiseGlb } from './optimiseGlb';

export type OptimiseWorkerAnswer = { ok: true; bytes: number; sha256: string } | { ok: false; message: string };

const { input, output } = workerData as { input: string; output: string; entry: string };
let answer: OptimiseWorkerAnswer;
try {
  const glb = await optimiseGlb(await fs.promises.readFile(input));
  await fs.promises.writeFile(output, glb);
  answer = { ok: true, bytes: glb.byteLength, sha256: createHash('sha256').update(glb).digest('hex') };
} catch (err) {
  // A file glTF Transform cannot read or write: the caller keeps the upload as it is.
  answer = { ok: false, message: err instanceof Error ? err.message : String(err) };
}
parentPort!.postMessage(answer);
