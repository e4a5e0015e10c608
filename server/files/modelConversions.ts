// The server's one queue of 3D model conversions (docs/uploads.md, "3D models"). Each conversion runs in
// its own worker thread (server/files/stlWorker.ts) with a bounded heap and a time limit, past which the
// worker is terminated; at most `concurrency` run at once for the whole server, `maxWaiting` more wait,
// and a conversion beyond those is refused at once. The main thread only waits for the answer.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

import type { OptimiseWorkerAnswer } from './optimiseWorker';
import type { PosterWorkerAnswer } from './posterWorker';
import type { StlWorkerAnswer } from './stlWorker';

export interface ConversionLimits {
  /** Conversions running at once (MODEL_CONVERSIONS, default 1: the other core serves requests). */
  concurrency: number;
  /** Conversions waiting for a turn; one more is refused (429). */
  maxWaiting: number;
  /** A worker still running after this is terminated and the file refused. */
  timeoutMs: number;
  /** The worker's V8 heap (old and young generations) and stack, in MB (Worker resourceLimits). */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  stackSizeMb: number;
}

export const CONVERSION_LIMITS: ConversionLimits = {
  concurrency: Math.max(1, Number(process.env.MODEL_CONVERSIONS) || 1),
  maxWaiting: 16,
  timeoutMs: 60_000,
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

/** The file cannot be shown (malformed, too large, too slow): a 400 at upload, recorded in the background. */
export class ConversionRefused extends Error {}
/** Too many conversions already running and waiting: a 429 at upload. */
export class ConversionsBusy extends Error {}

const BOOT = new URL('./workerBoot.mjs', import.meta.url);
const STL_WORKER = new URL('./stlWorker.ts', import.meta.url).href;
const OPTIMISE_WORKER = new URL('./optimiseWorker.ts', import.meta.url).href;
const POSTER_WORKER = new URL('./posterWorker.ts', import.meta.url).href;

export class ModelConversions {
  readonly limits: ConversionLimits;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly workers = new Set<Worker>();
  private closed = false;

  constructor(limits: Partial<ConversionLimits> = {}) {
    this.limits = { ...CONVERSION_LIMITS, ...limits };
  }

  /** Conversions running and waiting, for the bench and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Converts the STL at `input` to a GLB written at `output` (a path the caller chose and removes on
   * failure). Rejects with ConversionRefused (French message), ConversionsBusy, or an Error of the server.
   */
  async stlToGlb(input: string, output: string): Promise<{ triangles: number }> {
    const answer = await this.queued(output, () => this.run<StlWorkerAnswer>(STL_WORKER, input, output));
    return { triangles: answer.triangles };
  }

  /**
   * Writes at `output` the viewer's light GLB of the GLB or glTF at `input` (server/files/optimiseGlb.ts),
   * through the same queue and limits. Rejects like stlToGlb; a file glTF Transform cannot read rejects
   * with ConversionRefused.
   */
  async optimise(input: string, output: string): Promise<{ bytes: number; sha256: string }> {
    const answer = await this.queued(output, () => this.run<OptimiseWorkerAnswer>(OPTIMISE_WORKER, input, output));
    return { bytes: answer.bytes, sha256: answer.sha256 };
  }

  /**
   * Writes at `output` the viewer's WebP poster of the image at `input` (server/files/poster.ts), through
   * the same queue and limits (sharp's pixel limit bounds its memory outside the worker's heap). Rejects
   * like stlToGlb; an image sharp cannot read rejects with ConversionRefused.
   */
  async poster(input: string, output: string): Promise<{ bytes: number }> {
    const answer = await this.queued(output, () => this.run<PosterWorkerAnswer>(POSTER_WORKER, input, output));
    return { bytes: answer.bytes };
  }

  /** Runs `job` in its turn; its refusal (`ok: false`) rejects with ConversionRefused, `output` removed. */
  private async queued<T extends { ok: boolean; message?: string }>(
    output: string,
    job: () => Promise<T>,
  ): Promise<Extract<T, { ok: true }>> {
    if (this.closed) throw new Error('conversions arrêtées');
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting)
        throw new ConversionsBusy('Trop de modèles 3D sont en cours de conversion : réessayez dans une minute.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.closed) throw new Error('conversions arrêtées');
    }
    this.running++;
    try {
      const answer = await job();
      if (!answer.ok) throw new ConversionRefused(answer.message);
      return answer as Extract<T, { ok: true }>;
    } catch (err) {
      await fs.promises.rm(output, { force: true });
      throw err;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private run<T extends { ok: boolean }>(entry: string, input: string, output: string): Promise<T> {
    const l = this.limits;
    const worker = new Worker(BOOT, {
      workerData: { entry, input, output },
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: l.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: l.maxYoungGenerationSizeMb,
        stackSizeMb: l.stackSizeMb,
      },
      stdout: false,
      stderr: false,
    });
    this.workers.add(worker);
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(
              new ConversionRefused(
                `La conversion du modèle 3D a dépassé le temps autorisé (${Math.ceil(l.timeoutMs / 1000)} s) : envoyez un modèle plus léger ou un fichier GLB.`,
              ),
            ),
          ),
        l.timeoutMs,
      );
      worker.on('message', (answer: T) => settle(() => resolve(answer)));
      worker.on('error', (err: Error & { code?: string }) =>
        settle(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new ConversionRefused(
                  'Le modèle 3D est trop lourd pour être converti : envoyez un modèle plus léger ou un fichier GLB.',
                )
              : err,
          ),
        ),
      );
      worker.on('exit', (code) =>
        settle(() => reject(new Error(`la conversion s'est arrêtée sans réponse (code ${code})`))),
      );
    });
  }

  /** Ends running conversions and refuses waiting ones (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve();
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }
}
