// At most `concurrent` password verifications at once, then a short queue, then a refusal (503). argon2
// (@node-rs/argon2) runs on libuv's thread pool, the one file reads, zlib and DNS use too: a flood of
// failed sign-ins from many addresses (each pair new, so never throttled) used to fill every pool thread,
// and a real sign-in or a catalogue download waited behind it (docs/login-throttle.md, "Concurrent
// verifications"). Keeping fewer verifications than pool threads leaves threads for file I/O.
// A flood fills the queue too: an attempt from a pair (mail, address) that signed in before on this server
// has a lane of its own, served first and never refused because strangers filled theirs
// (server/auth/knownSignIns.ts), so a regular user still signs in while a flood is refused.
import os from 'node:os';

import { verifyPassword } from './password';

export interface VerificationLimits {
  /** Verifications running at once. */
  concurrent: number;
  /** Verifications waiting for a slot, in each lane; beyond, the attempt is refused. */
  queued: number;
  /** Retry-After of a refusal, in seconds. */
  retryAfterSec: number;
}

/** libuv's pool: 4 threads unless UV_THREADPOOL_SIZE says otherwise (read when the pool starts). */
export const threadPoolSize = () => Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * No more verifications than cores (argon2id is CPU-bound: more at once only queue in the pool), and two
 * pool threads always left to file reads and compression: 2 on a 2-core host with the default pool.
 */
export function defaultVerificationLimits(): VerificationLimits {
  const concurrent = Math.max(1, Math.min(os.availableParallelism(), threadPoolSize() - 2));
  return { concurrent, queued: 4 * concurrent, retryAfterSec: 1 };
}

/** The gate is full: the attempt was not verified. */
export class VerifierBusy extends Error {
  constructor(readonly retryAfterSec: number) {
    super('too many password verifications at once');
  }
}

export class VerificationGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Attempts of pairs that signed in before: handed the next free slot before any other. */
  private readonly known: Array<() => void> = [];
  /** The most verifications that ever ran at once, and the attempts refused (for tests and logs). */
  peak = 0;
  refused = 0;

  constructor(
    readonly limits: VerificationLimits,
    private readonly verify: (hash: string, password: string) => Promise<boolean> = verifyPassword,
  ) {}

  get active(): number {
    return this.running;
  }
  get queued(): number {
    return this.waiting.length + this.known.length;
  }

  /**
   * Verifies when a slot is free, waiting in its lane if need be; throws VerifierBusy when that lane is
   * full. `known`: the pair signed in before (its lane is served first).
   */
  async check(hash: string, password: string, known = false): Promise<boolean> {
    if (this.running >= this.limits.concurrent) {
      const lane = known ? this.known : this.waiting;
      if (lane.length >= this.limits.queued) {
        this.refused++;
        throw new VerifierBusy(this.limits.retryAfterSec);
      }
      // The slot is handed over by the verification that ends (running is not decremented then).
      await new Promise<void>((resolve) => lane.push(resolve));
    } else this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await this.verify(hash, password);
    } finally {
      const next = this.known.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
