// Counters that limit how often something may happen (failed sign-ins today; a public endpoint's per-key
// and per-address limits tomorrow), kept where every server instance sees them: PostgreSQL with
// DATABASE_URL, Redis with REDIS_URL, otherwise this process's memory with a bounded number of keys.
// The rules built on them are in docs/login-throttle.md.
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
} from 'rate-limiter-flexible';

import type { Db } from '../db/client';

export type LimiterStore =
  { kind: 'memory'; maxKeys?: number } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'redis'; client: Redis };

export interface LimiterSpec {
  /** Distinguishes this limiter's keys from the others' in the shared store. */
  name: string;
  points: number;
  /** Seconds after the first point of a key before its count starts again. */
  durationSec: number;
  /** Seconds a key stays refused once it went over its points (0: until the window ends). */
  blockSec?: number;
}

/** Keys kept per memory limiter by default: about 10 MB, whatever an attacker sends. */
export const DEFAULT_MEMORY_KEYS = 50_000;

/**
 * A memory limiter that forgets its least recently used key beyond maxKeys. Evicting (rather than
 * refusing new keys) keeps sign-in available under a flood of addresses; what it forgets is the count of
 * an address nobody used for the longest time.
 */
export class BoundedMemoryLimiter extends RateLimiterMemory {
  private readonly recent = new Map<string | number, true>();
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly maxKeys: number,
  ) {
    super(options);
  }

  private touch(key: string | number): void {
    this.recent.delete(key);
    this.recent.set(key, true);
    while (this.recent.size > this.maxKeys) {
      const oldest = this.recent.keys().next().value as string | number;
      this.recent.delete(oldest);
      void super.delete(oldest);
    }
  }

  override consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    this.touch(key);
    return super.consume(key, points, options);
  }
  override penalty(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    this.touch(key);
    return super.penalty(key, points, options);
  }
  override reward(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    this.touch(key);
    return super.reward(key, points, options);
  }
  override block(key: string | number, secDuration: number) {
    this.touch(key);
    return super.block(key, secDuration);
  }
  override set(key: string | number, points: number, secDuration: number) {
    this.touch(key);
    return super.set(key, points, secDuration);
  }
  override delete(key: string | number) {
    this.recent.delete(key);
    return super.delete(key);
  }
}

/** One table for every limiter (keys carry the limiter's name), created by the first instance. */
const POSTGRES_TABLE = 'rate_limits';

/** Builds limiters on one store; `namespace` separates deployments (or test runs) sharing a Redis. */
export class LimiterFactory {
  private tableReady?: Promise<void>;
  constructor(
    readonly store: LimiterStore,
    private readonly namespace = 'v3d',
  ) {}

  async create(spec: LimiterSpec): Promise<RateLimiterAbstract> {
    const options = {
      keyPrefix: `${this.namespace}:${spec.name}`,
      points: spec.points,
      duration: spec.durationSec,
      blockDuration: spec.blockSec ?? 0,
    };
    switch (this.store.kind) {
      case 'memory':
        return new BoundedMemoryLimiter(options, this.store.maxKeys ?? DEFAULT_MEMORY_KEYS);
      case 'redis':
        return new RateLimiterRedis({ ...options, storeClient: this.store.client, rejectIfRedisNotReady: true });
      case 'postgres': {
        const pool = this.store.pool;
        // The table is the library's, not the product's data: it creates it if missing (concurrent
        // creation by two instances is tolerated), once per factory.
        this.tableReady ??= new Promise<void>((resolve, reject) => {
          new RateLimiterPostgres(
            { ...options, storeClient: pool, storeType: 'pool', tableName: POSTGRES_TABLE },
            (err?: Error) => (err ? reject(err) : resolve()),
          );
        });
        await this.tableReady;
        return new RateLimiterPostgres({
          ...options,
          storeClient: pool,
          storeType: 'pool',
          tableName: POSTGRES_TABLE,
          tableCreated: true,
        });
      }
    }
  }
}

/**
 * The store for a server: Redis when a URL is given, the PostgreSQL pool the database already uses, or
 * memory (PGlite: one process per data directory, nothing to share).
 */
export async function limiterStoreFor(db: Db, redisUrl?: string): Promise<LimiterStore> {
  if (redisUrl) return { kind: 'redis', client: await connectRedis(redisUrl) };
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client };
  return { kind: 'memory' };
}

/** Connects to Redis before the server listens: a wrong REDIS_URL stops the start instead of every sign-in. */
export async function connectRedis(url: string): Promise<Redis> {
  // No offline queue: while Redis is gone a sign-in answers 503 at once instead of waiting for it.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  client.on('error', () => {}); // reconnects by itself; requests meanwhile fail and answer 503
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`Redis injoignable (${url.replace(/\/\/[^@/]*@/, '//')}) : ${(err as Error).message}`, {
      cause: err,
    });
  }
  return client;
}
