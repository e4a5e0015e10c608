// The viewer's event types, batch size and visit rules, without zod: the public viewer's bundle imports
// this alone (docs/viewer.md, "Visit token").
export const COLLECT_EVENT_TYPES = ['consultation', 'iframeInteraction', 'arTry', 'conversion'] as const;
export type CollectEventType = (typeof COLLECT_EVENT_TYPES)[number];
export const MAX_EVENTS_PER_BATCH = 50;

/** How long a visit lasts after its token was issued: its events are dated within it. */
export const VISIT_LIFETIME_MS = 4 * 60 * 60 * 1000;
/** How long after its lifetime a visit's token is still taken: the beacon sent when the page is left. */
export const VISIT_LATE_SEND_MS = 10 * 60 * 1000;
/**
 * How far an event may be dated before its visit's issue time, or after the server's now: the viewer
 * dates its events on the server's clock (the offset learned with the token), so only the network's
 * delay separates them.
 */
export const VISIT_SKEW_MS = 60 * 1000;

/** The visit's token as the viewer receives it (GET /api/viewer/{key}?session=…). */
export interface VisitGrant {
  token: string;
  /** The server's clock when it was issued (ms since 1970): the viewer dates its events on this clock. */
  issuedAt: number;
}

/** The issue time a token carries in clear (base 36 milliseconds, before the dot), or NaN. */
export function visitIssuedAt(token: string): number {
  const dot = token.indexOf('.');
  return dot > 0 ? parseInt(token.slice(0, dot), 36) : NaN;
}
