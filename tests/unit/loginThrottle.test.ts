import { describe, expect, it } from 'vitest';

import { BoundedMemoryLimiter, LimiterFactory } from '../../server/auth/limiters';
import {
  defaultThrottleLimits,
  LoginThrottle,
  retryMessage,
  type ThrottleLimits,
  TooManyAttempts,
} from '../../server/auth/loginThrottle';

const limits: ThrottleLimits = {
  ...defaultThrottleLimits,
  perAccountAddress: 3,
  perAddress: 6,
  accountDelayAfter: 1000,
};
const throttle = (l: Partial<ThrottleLimits> = {}) =>
  LoginThrottle.create(new LimiterFactory({ kind: 'memory' }), { ...limits, ...l });

/** One attempt that fails its password: 'fail', or 'refused' when the throttle stops it first. */
async function fail(t: LoginThrottle, mail: string, address: string): Promise<'fail' | 'refused'> {
  try {
    const attempt = await t.begin(mail, address);
    await attempt.failed();
    return 'fail';
  } catch (err) {
    if (err instanceof TooManyAttempts) return 'refused';
    throw err;
  }
}

describe('LoginThrottle (memory store)', () => {
  it("refuses the attacker's address for an account while its owner signs in from another address", async () => {
    const t = await throttle();
    for (let i = 0; i < 3; i++) expect(await fail(t, 'a@b.fr', '6.6.6.6')).toBe('fail');
    expect(await fail(t, 'a@b.fr', '6.6.6.6')).toBe('refused');
    const owner = await t.begin('a@b.fr', '1.1.1.1');
    await owner.succeeded();
    // The attacker's other accounts are not refused by this pair's count.
    expect(await fail(t, 'c@d.fr', '6.6.6.6')).toBe('fail');
  });

  it('counts consecutive failures: a success from the same address forgets them', async () => {
    const t = await throttle();
    for (let i = 0; i < 2; i++) await fail(t, 'a@b.fr', '1.1.1.1');
    await (await t.begin('a@b.fr', '1.1.1.1')).succeeded();
    for (let i = 0; i < 3; i++) expect(await fail(t, 'a@b.fr', '1.1.1.1')).toBe('fail');
    expect(await fail(t, 'a@b.fr', '1.1.1.1')).toBe('refused');
  });

  it('refuses an address after its failures over many accounts, and only that address', async () => {
    const t = await throttle();
    for (let i = 0; i < 6; i++) expect(await fail(t, `u${i}@b.fr`, '9.9.9.9')).toBe('fail');
    expect(await fail(t, 'new@b.fr', '9.9.9.9')).toBe('refused');
    expect(await fail(t, 'new@b.fr', '8.8.8.8')).toBe('fail');
  });

  it('gives the address its point back on success: successes never use up the daily limit', async () => {
    const t = await throttle();
    for (let i = 0; i < 20; i++) await (await t.begin(`u${i}@b.fr`, '5.5.5.5')).succeeded();
    for (let i = 0; i < 6; i++) expect(await fail(t, `x${i}@b.fr`, '5.5.5.5')).toBe('fail');
    expect(await fail(t, 'y@b.fr', '5.5.5.5')).toBe('refused');
  });

  it('lets exactly the allowed number of concurrent failures through', async () => {
    const t = await throttle();
    const sameAccount = await Promise.all(Array.from({ length: 300 }, () => fail(t, 'a@b.fr', '7.7.7.7')));
    expect(sameAccount.filter((r) => r === 'fail')).toHaveLength(3);
    const t2 = await throttle();
    const manyAccounts = await Promise.all(Array.from({ length: 300 }, (_, i) => fail(t2, `u${i}@b.fr`, '7.7.7.7')));
    expect(manyAccounts.filter((r) => r === 'fail')).toHaveLength(6);
  });

  it('tells how long to wait', async () => {
    const t = await throttle({ accountAddressBlockSec: 15 * 60 });
    for (let i = 0; i < 3; i++) await fail(t, 'a@b.fr', '1.1.1.1');
    const err = await t.begin('a@b.fr', '1.1.1.1').catch((e) => e);
    expect(err).toBeInstanceOf(TooManyAttempts);
    expect(err.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(15 * 60_000);
    expect(retryMessage(err.retryAfterMs)).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
    expect(retryMessage(30_000)).toBe('Trop de tentatives de connexion. Réessayez dans 1 minute.');
    expect(retryMessage(20 * 3600_000)).toBe('Trop de tentatives de connexion. Réessayez dans 20 heures.');
  });

  it('delays, without refusing, attempts on an account failing from many addresses', async () => {
    const t = await throttle({ accountDelayAfter: 4, accountDelayStepMs: 300, accountDelayMaxMs: 300 });
    for (let i = 0; i < 4; i++) expect(await fail(t, 'a@b.fr', `10.0.0.${i}`)).toBe('fail');
    const started = performance.now();
    const owner = await t.begin('a@b.fr', '1.1.1.1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await owner.succeeded();
  });

  it('keeps a bounded number of keys in memory', async () => {
    const limiter = new BoundedMemoryLimiter({ points: 5, duration: 3600 }, 100);
    for (let i = 0; i < 1000; i++) await limiter.consume(`k${i}`).catch(() => {});
    expect(limiter.dump().storage.length).toBe(100);
    // The most recent keys are the ones kept.
    expect((await limiter.get('k999'))?.consumedPoints).toBe(1);
    expect(await limiter.get('k0')).toBeNull();
  });
});
