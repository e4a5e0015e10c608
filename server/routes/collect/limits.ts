// Per-key and per-address limits of POST /api/collect: one visitor (an address) sends a few batches a
// minute; a product's key takes a bounded number of events, so a leaked key cannot flood its company's
// figures. Built by the server's limiter factory (server/auth/limiters.ts), like the sign-in throttle: in
// bounded memory on PGlite, shared by every instance in PostgreSQL or Redis otherwise.
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

import type { LimiterFactory } from '../../auth/limiters';

export interface CollectLimits {
  /** Batches one address may send per minute. */
  batchesPerAddress: number;
  /** Events one product key may record per minute. */
  eventsPerKey: number;
}

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** COLLECT_BATCHES_PER_ADDRESS and COLLECT_EVENTS_PER_KEY (per minute), read when the server starts. */
export function collectLimitsFromEnv(env = process.env): CollectLimits {
  return {
    batchesPerAddress: positive(env.COLLECT_BATCHES_PER_ADDRESS, 120),
    eventsPerKey: positive(env.COLLECT_EVENTS_PER_KEY, 6000),
  };
}

export interface CollectLimiter {
  /** Seconds to wait when the address is over its limit, else 0 (and the batch is counted). */
  address(ip: string): Promise<number>;
  /** Same for the product key, counting the batch's events. */
  key(key: string, events: number): Promise<number>;
}

async function take(limiter: RateLimiterAbstract, id: string, points: number): Promise<number> {
  try {
    await limiter.consume(id, points);
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}

export async function createCollectLimiter(
  factory: LimiterFactory,
  limits: CollectLimits = collectLimitsFromEnv(),
): Promise<CollectLimiter> {
  const byAddress = await factory.create({ name: 'collect-ip', points: limits.batchesPerAddress, durationSec: 60 });
  const byKey = await factory.create({ name: 'collect-key', points: limits.eventsPerKey, durationSec: 60 });
  return {
    address: (ip) => take(byAddress, ip, 1),
    key: (key, events) => take(byKey, key, events),
  };
}
