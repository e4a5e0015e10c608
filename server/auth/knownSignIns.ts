// The pairs (mail, address) that signed in on this server in the last 30 days, so that their next attempt
// takes the verification gate's own lane (server/auth/verificationGate.ts) and is not refused because a
// flood of strangers filled the queue. Bounded memory, per process: each pair is an HMAC under a
// per-process key (no mail or address kept), the oldest forgotten first. Per instance by design: on
// another instance, or after a restart, a user's first sign-in goes through the common lane (and, under a
// flood, may have to try again), and from then on has its lane there too (docs/login-throttle.md).
import crypto from 'node:crypto';

export const KNOWN_DAYS = 30;
export const MAX_KNOWN = 100_000;

export class KnownSignIns {
  // Insertion order is the order of the last success: the oldest entry is the first one.
  private readonly lastSuccess = new Map<string, number>();
  private readonly key = crypto.randomBytes(32);

  constructor(
    private readonly keepMs = KNOWN_DAYS * 86_400_000,
    private readonly max = MAX_KNOWN,
  ) {}

  private id(mail: string, address: string): string {
    return crypto.createHmac('sha256', this.key).update(`${mail}\n${address}`).digest('base64url');
  }

  has(mail: string, address: string, now = Date.now()): boolean {
    const at = this.lastSuccess.get(this.id(mail, address));
    return at !== undefined && now - at < this.keepMs;
  }

  add(mail: string, address: string, now = Date.now()): void {
    const id = this.id(mail, address);
    this.lastSuccess.delete(id);
    this.lastSuccess.set(id, now);
    for (const [old, at] of this.lastSuccess) {
      if (this.lastSuccess.size <= this.max && now - at < this.keepMs) break;
      this.lastSuccess.delete(old);
    }
  }
}
