// Counts failed sign-ins per mail and per address over a sliding window. @fastify/rate-limit counts every
// request; the rule here is about failures only, so a user who signs in often is never locked out.
export interface ThrottleLimits {
  perMail: number;
  perAddress: number;
  windowMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = { perMail: 10, perAddress: 100, windowMs: 15 * 60_000 };

export class LoginThrottle {
  private failures = new Map<string, number[]>();
  constructor(private limits: ThrottleLimits = defaultThrottleLimits) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.limits.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** True when this mail or address already failed too often. */
  isBlocked(mail: string, address: string, now = Date.now()): boolean {
    return (
      this.recent(`m:${mail}`, now).length >= this.limits.perMail ||
      this.recent(`a:${address}`, now).length >= this.limits.perAddress
    );
  }

  recordFailure(mail: string, address: string, now = Date.now()): void {
    for (const key of [`m:${mail}`, `a:${address}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }
}
