// Share-link views: one view per link and visitor address per 30 minutes. A browser's player sends several
// requests per visit (one without Range, then "bytes=0-", then continuation ranges while it plays and
// seeks), and anyone may replay requests: HEAD and ranges not starting at byte 0 never count, and the
// visitor is the address alone (per /64 for IPv6: server/http/addressKey.ts), not its user agent, which a
// client chooses freely. Kept in the limiter store (server/auth/limiters.ts: memory on PGlite, PostgreSQL,
// or Redis), so that a restart or a second instance on a shared store does not count a visit twice
// (docs/uploads.md).
import crypto from 'node:crypto';

import { RateLimiterRes } from 'rate-limiter-flexible';

import type { LimiterFactory } from '../auth/limiters';
import { addressKey } from '../http/addressKey';

export const VISIT_SEC = 30 * 60;

/** A request that may open a visit: a GET of the whole file or from its first byte. */
export function opensPlayback(method: string, range: string | undefined): boolean {
  if (method !== 'GET') return false;
  return !range || /^bytes=0-/.test(range.trim());
}

export class ViewCounter {
  private constructor(
    private readonly visits: Awaited<ReturnType<LimiterFactory['create']>>,
    private readonly key: Buffer,
  ) {}

  /** `key`: a server secret, so the store holds neither the address nor a hash one could match to it. */
  static async create(limiters: LimiterFactory, key: Buffer, visitSec = VISIT_SEC): Promise<ViewCounter> {
    return new ViewCounter(await limiters.create({ name: 'video-views', points: 1, durationSec: visitSec }), key);
  }

  private visitor(link: string, ip: string): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(`${link}\n${addressKey(ip)}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /**
   * Whether this request is a new view: an opening request of a visitor whose last counted view of this
   * link is 30 minutes old or more. The first opening request takes the visit's one point; the others are
   * refused until the window ends.
   */
  async seen(link: string, ip: string, opens: boolean): Promise<boolean> {
    if (!opens) return false;
    try {
      await this.visits.consume(this.visitor(link, ip));
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }
}
