// Limits of POST /api/collect and of the visit tokens (docs/viewer.md, "Limits"), built so that no single
// actor can spend them for everybody: what one address may do is counted per address (IPv6: per /64,
// server/http/addressKey.ts) and per (product key, address); what one visit may record is counted per
// visit token; the product key's own limit is a circuit breaker far above real traffic. Built by the
// server's limiter factory (server/auth/limiters.ts), like the sign-in throttle: in bounded memory on
// PGlite, shared by every instance in PostgreSQL or Redis otherwise.
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

import { type CollectEventType, VISIT_LATE_SEND_MS, VISIT_LIFETIME_MS } from '#domain/collect';

import type { LimiterFactory } from '../auth/limiters';
import { addressKey } from '../http/addressKey';

export interface CollectLimits {
  /** Batches one address may send per minute (all keys). */
  batchesPerAddress: number;
  /** Events one address may record per minute into one product key. */
  eventsPerKeyAddress: number;
  /** Events one product key may record per minute, all addresses together: the circuit breaker. */
  eventsPerKey: number;
  /** Visit tokens one address may receive per minute (GET /api/viewer/{key}?session=…). */
  visitsPerAddress: number;
}

/**
 * Events of each type one visit (one token, one page view) may record: the viewer sends its consultation
 * and its first interaction once per page (src/viewer/main.ts); AR sessions and quote clicks repeat, a
 * few times at most in a real visit.
 */
export const EVENTS_PER_VISIT: Record<CollectEventType, number> = {
  consultation: 1,
  iframeInteraction: 1,
  arTry: 10,
  conversion: 10,
};

/**
 * Signal writes one visit may make (product_visits, docs/viewer.md "Visit signals"): the viewer sends its
 * totals with each batch and once each time the page is hidden, a few dozen times in a long visit at most.
 */
export const SIGNALS_PER_VISIT = 60;

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** COLLECT_* settings (per minute), read when the server starts; README "Configuration". */
export function collectLimitsFromEnv(env = process.env): CollectLimits {
  return {
    batchesPerAddress: positive(env.COLLECT_BATCHES_PER_ADDRESS, 120),
    eventsPerKeyAddress: positive(env.COLLECT_EVENTS_PER_KEY_ADDRESS, 60),
    eventsPerKey: positive(env.COLLECT_EVENTS_PER_KEY, 20_000),
    visitsPerAddress: positive(env.COLLECT_VISITS_PER_ADDRESS, 60),
  };
}

export interface CollectLimiter {
  /** Seconds to wait when the address is over its batches, else 0 (and the batch is counted). */
  address(ip: string): Promise<number>;
  /** How many events of each type of this batch its visit may still record (the rest are dropped). */
  visit(visit: string, counts: Map<CollectEventType, number>): Promise<Map<CollectEventType, number>>;
  /** Whether this visit may still write its signals (the write is counted). */
  signals(visit: string): Promise<boolean>;
  /** Seconds to wait when this address is over its events for this key, else 0 (and they are counted). */
  keyAddress(key: string, ip: string, events: number): Promise<number>;
  /** Same for the key itself, all addresses together. */
  key(key: string, events: number): Promise<number>;
}

/** Seconds to wait when `id` is over its points (the points are counted either way), else 0. */
export async function take(limiter: RateLimiterAbstract, id: string, points: number): Promise<number> {
  try {
    await limiter.consume(id, points);
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}

/** How many of `points` still fit under the limiter's points for `id` (the count goes up by all of them). */
async function fitting(limiter: RateLimiterAbstract, id: string, points: number): Promise<number> {
  let res: RateLimiterRes;
  try {
    res = await limiter.consume(id, points);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    res = err;
  }
  const before = res.consumedPoints - points;
  return Math.max(0, Math.min(points, limiter.points - before));
}

export async function createCollectLimiter(
  factory: LimiterFactory,
  limits: CollectLimits = collectLimitsFromEnv(),
): Promise<CollectLimiter> {
  const byAddress = await factory.create({ name: 'collect-ip', points: limits.batchesPerAddress, durationSec: 60 });
  const byKeyAddress = await factory.create({
    name: 'collect-key-ip',
    points: limits.eventsPerKeyAddress,
    durationSec: 60,
  });
  const byKey = await factory.create({ name: 'collect-key', points: limits.eventsPerKey, durationSec: 60 });
  // One counter per (visit, type), kept as long as the visit's token is taken.
  const visitSeconds = Math.ceil((VISIT_LIFETIME_MS + VISIT_LATE_SEND_MS) / 1000);
  const byVisit = new Map<CollectEventType, RateLimiterAbstract>();
  for (const [type, points] of Object.entries(EVENTS_PER_VISIT) as Array<[CollectEventType, number]>)
    byVisit.set(type, await factory.create({ name: `collect-visit-${type}`, points, durationSec: visitSeconds }));
  const bySignals = await factory.create({
    name: 'collect-visit-signals',
    points: SIGNALS_PER_VISIT,
    durationSec: visitSeconds,
  });

  return {
    address: (ip) => take(byAddress, addressKey(ip), 1),
    signals: async (visit) => (await take(bySignals, visit, 1)) === 0,
    async visit(visit, counts) {
      const kept = await Promise.all(
        [...counts].map(async ([type, n]) => [type, await fitting(byVisit.get(type)!, visit, n)] as const),
      );
      return new Map(kept);
    },
    keyAddress: (key, ip, events) => take(byKeyAddress, `${key}:${addressKey(ip)}`, events),
    key: (key, events) => take(byKey, key, events),
  };
}
