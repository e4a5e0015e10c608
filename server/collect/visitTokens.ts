// Visit tokens (docs/viewer.md, "Visit token"): GET /api/viewer/{key}?session=… hands the page a token
// that POST /api/collect requires, so that events come from a page view rather than from anyone who read
// the product key in the embed code. A token is the issue time (base 36 milliseconds, in clear: the
// shared schema dates the events against it) and an HMAC-SHA256 over the key, the session id and that
// time, with a key derived from the server's secret (JWT_SECRET or DATA_DIR/jwt-secret, server/config.ts).
import crypto from 'node:crypto';

import { z } from 'zod';

import { sessionIdSchema } from '#domain/collect';

import type { LimiterFactory } from '../auth/limiters';
import { addressKey } from '../http/addressKey';
import { take } from './limits';

/** Tokens one address (IPv6: its /64) may receive per minute: one per page view. */
export interface VisitLimits {
  visitsPerAddress: number;
}

export interface VisitTokens {
  /** A token for this page view, or null when the address asked for too many this minute. */
  issue(ip: string, key: string, session: string, now?: number): Promise<{ token: string; issuedAt: number } | null>;
  /** Whether the token was issued by this server for this key and session (its times: the batch schema). */
  valid(token: string, key: string, session: string): boolean;
}

const MAC_BYTES = 32;

/** Signs and checks tokens with the key derived from the server's secret (also used by tests/load/collect.ts). */
export function visitSigner(secret: string) {
  // A key of its own, so that a visit token can never be taken for anything signed with the JWT key.
  const macKey = crypto.createHmac('sha256', secret).update('visio3d visit token v1').digest();
  const mac = (key: string, session: string, issued: string) =>
    crypto.createHmac('sha256', macKey).update(`${key}\n${session}\n${issued}`).digest();
  return {
    sign(key: string, session: string, issuedAt: number): string {
      const issued = issuedAt.toString(36);
      return `${issued}.${mac(key, session, issued).toString('base64url')}`;
    },
    valid(token: string, key: string, session: string): boolean {
      const dot = token.indexOf('.');
      if (dot <= 0) return false;
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      if (given.length !== MAC_BYTES) return false;
      return crypto.timingSafeEqual(given, mac(key, session, token.slice(0, dot)));
    },
  };
}

export function createVisitTokens(secret: string, factory: LimiterFactory, limits: VisitLimits): VisitTokens {
  const signer = visitSigner(secret);
  let limiter: ReturnType<LimiterFactory['create']> | undefined;
  return {
    async issue(ip, key, session, now = Date.now()) {
      limiter ??= factory.create({ name: 'collect-visit-ip', points: limits.visitsPerAddress, durationSec: 60 });
      if (await take(await limiter, addressKey(ip), 1)) return null;
      return { token: signer.sign(key, session, now), issuedAt: now };
    },
    valid: (token, key, session) => signer.valid(token, key, session),
  };
}

/** GET /api/viewer/{key}?session=…: the page asks for its visit's token with its session id. */
export const visitQuery = z.object({
  session: sessionIdSchema.optional().meta({
    description: "L'identifiant de session de la visite : la réponse porte alors son jeton de visite (visit)",
  }),
});

/** The token in the viewer's data: absent without a session, null when the address asked for too many. */
export const visitSchema = z.object({ token: z.string(), issuedAt: z.number() }).nullable().optional().meta({
  description: 'Le jeton de visite exigé par POST /api/collect (null : trop de visites depuis cette adresse)',
});
