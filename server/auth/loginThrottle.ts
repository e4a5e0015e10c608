// The sign-in throttle (rules in docs/login-throttle.md). A failure costs the (account, address) pair and
// the address, never the account alone: the owner signing in from elsewhere is never refused, only delayed
// when the account is under a spread-out attack. Points are taken before the password is verified, so
// concurrent attempts cannot all slip through, and given back when the password was right.
import crypto from 'node:crypto';

import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

import type { LimiterFactory } from './limiters';

export interface ThrottleLimits {
  /** Consecutive failures for one account from one address before that pair is refused. */
  perAccountAddress: number;
  /** Seconds those failures are remembered when no success resets them. */
  accountAddressWindowSec: number;
  /** Seconds the pair is refused once its failures are spent. */
  accountAddressBlockSec: number;
  /** Failures from one address, over every account, within addressWindowSec. */
  perAddress: number;
  addressWindowSec: number;
  /** Failures for one account (all addresses) within accountWindowSec after which each attempt waits. */
  accountDelayAfter: number;
  accountWindowSec: number;
  /** Wait added per failure beyond accountDelayAfter, and its ceiling. */
  accountDelayStepMs: number;
  accountDelayMaxMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perAccountAddress: 10,
  accountAddressWindowSec: 24 * 3600,
  accountAddressBlockSec: 15 * 60,
  perAddress: 100,
  addressWindowSec: 24 * 3600,
  accountDelayAfter: 10,
  accountWindowSec: 3600,
  accountDelayStepMs: 250,
  accountDelayMaxMs: 3000,
};

/** Refusal with the time before a new attempt may succeed. */
export class TooManyAttempts extends Error {
  constructor(readonly retryAfterMs: number) {
    super('too many sign-in attempts');
  }
}

/** One sign-in attempt that passed the throttle: tell it how the password check went. */
export interface Attempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  /** The password was not verified (the server was too busy): the attempt gives its points back. */
  abandoned(): Promise<void>;
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest('base64url').slice(0, 32);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A library refusal carries the wait; anything else is the store failing and goes on up. */
function refusal(err: unknown): TooManyAttempts {
  if (err instanceof RateLimiterRes) return new TooManyAttempts(Math.max(err.msBeforeNext, 1000));
  throw err;
}

export class LoginThrottle {
  private constructor(
    private readonly limits: ThrottleLimits,
    private readonly byPair: RateLimiterAbstract,
    private readonly byAddress: RateLimiterAbstract,
    private readonly byAccount: RateLimiterAbstract,
  ) {}

  static async create(factory: LimiterFactory, limits: ThrottleLimits = defaultThrottleLimits): Promise<LoginThrottle> {
    const [byPair, byAddress, byAccount] = await Promise.all([
      factory.create({
        name: 'login-pair',
        points: limits.perAccountAddress,
        durationSec: limits.accountAddressWindowSec,
        blockSec: limits.accountAddressBlockSec,
      }),
      factory.create({ name: 'login-address', points: limits.perAddress, durationSec: limits.addressWindowSec }),
      // Never refuses (only penalty/get are used): it measures the delay.
      factory.create({ name: 'login-account', points: Number.MAX_SAFE_INTEGER, durationSec: limits.accountWindowSec }),
    ]);
    return new LoginThrottle(limits, byPair, byAddress, byAccount);
  }

  /** Takes this attempt's points, or throws TooManyAttempts. Mails are hashed: the store holds no mail. */
  async begin(mail: string, address: string): Promise<Attempt> {
    const account = digest(mail);
    const pair = `${account}:${address}`;
    // An address already over its limit is refused without writing anything more.
    const seen = await this.byAddress.get(address);
    if (seen && seen.consumedPoints >= this.limits.perAddress)
      throw new TooManyAttempts(Math.max(seen.msBeforeNext, 1000));

    // The pair first: a burst on one account spends the pair's points, not the address's.
    await this.byPair.consume(pair).catch((err) => {
      throw refusal(err);
    });
    try {
      await this.byAddress.consume(address);
    } catch (err) {
      await this.byPair.reward(pair); // refused unverified: not a failure of this pair
      throw refusal(err);
    }

    const failures = (await this.byAccount.get(account))?.consumedPoints ?? 0;
    const over = failures - this.limits.accountDelayAfter;
    if (over >= 0) await sleep(Math.min((over + 1) * this.limits.accountDelayStepMs, this.limits.accountDelayMaxMs));

    return {
      failed: async () => {
        await this.byAccount.penalty(account);
      },
      succeeded: async () => {
        await Promise.all([this.byPair.delete(pair), this.byAddress.reward(address)]);
      },
      abandoned: async () => {
        await Promise.all([this.byPair.reward(pair), this.byAddress.reward(address)]);
      },
    };
  }
}

/** "Réessayez dans 15 minutes" / "dans 2 heures": the wait rounded up to what a person reads. */
export function retryMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const wait = minutes < 120 ? `${minutes} minute${minutes > 1 ? 's' : ''}` : `${Math.ceil(minutes / 60)} heures`;
  return `Trop de tentatives de connexion. Réessayez dans ${wait}.`;
}
