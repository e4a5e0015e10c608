// Share-link views: one view is one visit of one viewer. A browser's player sends several requests per
// visit (one without Range, then "bytes=0-", then continuation ranges while it plays and seeks), and
// anyone may replay requests: HEAD and ranges not starting at byte 0 never count, and one viewer (a hash
// of address and user agent, never the address itself) counts once until 30 minutes pass without any of
// their requests. Kept in bounded memory: a restart may count an ongoing visit again (docs/uploads.md).
import crypto from 'node:crypto';

export const VISIT_MS = 30 * 60_000;
export const MAX_VIEWERS = 50_000;

/** A request that may open a visit: a GET of the whole file or from its first byte. */
export function opensPlayback(method: string, range: string | undefined): boolean {
  if (method !== 'GET') return false;
  return !range || /^bytes=0-/.test(range.trim());
}

export class ViewCounter {
  // Insertion order is the order of last activity: the oldest entry is the first one.
  private readonly lastSeen = new Map<string, number>();
  // A per-process salt, so the stored hashes cannot be matched against a list of addresses.
  private readonly salt = crypto.randomBytes(16);

  constructor(
    private readonly visitMs = VISIT_MS,
    private readonly maxViewers = MAX_VIEWERS,
  ) {}

  private viewer(link: string, ip: string, userAgent: string): string {
    return crypto.createHmac('sha256', this.salt).update(`${link}\n${ip}\n${userAgent}`).digest('base64url');
  }

  /**
   * Records a request of this viewer on this link and says whether it is a new view. Every request,
   * counted or not, keeps the visit open.
   */
  seen(link: string, ip: string, userAgent: string, opens: boolean, now = Date.now()): boolean {
    const key = this.viewer(link, ip, userAgent);
    const last = this.lastSeen.get(key);
    const inVisit = last !== undefined && now - last < this.visitMs;
    // A continuation of a visit that was never counted (a seek only) opens nothing.
    if (!inVisit && !opens) return false;
    this.lastSeen.delete(key);
    this.lastSeen.set(key, now);
    this.evict(now);
    return !inVisit;
  }

  private evict(now: number): void {
    for (const [key, at] of this.lastSeen) {
      if (this.lastSeen.size <= this.maxViewers && now - at < this.visitMs) break;
      this.lastSeen.delete(key);
    }
  }
}
