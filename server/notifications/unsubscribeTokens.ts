// The unsubscribe link's token: "<user id>.<what>.<signature>", an HMAC-SHA256 with a key derived from the
// server's secret (Deps.secretFor), so it works without signing in, on every instance and after a restart,
// and nobody can make one for another user. It never expires: an old mail's link must still stop the mails.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UNSUBSCRIBE_TARGETS = ['report', 'alerts'] as const;
export type UnsubscribeTarget = (typeof UNSUBSCRIBE_TARGETS)[number];

export interface UnsubscribeTokens {
  sign(userId: number, target: UnsubscribeTarget): string;
  /** The user and what to stop, or null for a token this server did not sign. */
  verify(token: string): { userId: number; target: UnsubscribeTarget } | null;
}

export function unsubscribeTokens(key: Buffer): UnsubscribeTokens {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 18);
  return {
    sign: (userId, target) => `${userId}.${target}.${mac(`${userId}.${target}`).toString('base64url')}`,
    verify(token) {
      const m = /^(\d{1,9})\.(report|alerts)\.([A-Za-z0-9_-]{24})$/.exec(token);
      if (!m) return null;
      const given = Buffer.from(m[3], 'base64url');
      const expected = mac(`${m[1]}.${m[2]}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: Number(m[1]), target: m[2] as UnsubscribeTarget };
    },
  };
}
