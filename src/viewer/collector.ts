// The viewer's events: one random session id per visit (sessionStorage: no cookie, nothing personal),
// queued and sent with navigator.sendBeacon shortly after the first of a batch (SEND_AFTER_MS), when the
// page is hidden, or when the batch is full. The timer is what a page embedded in another site relies on:
// Chromium does not reliably deliver a cross-site frame's beacon sent while its page is being left. The JSON goes as
// text/plain, which sendBeacon sends without a CORS preflight (POST /api/collect accepts it). Each batch
// carries the visit token the page received with its data (docs/viewer.md, "Visit token"), and its
// events are dated on the server's clock (the offset learned with the token), inside the visit's lifetime.
// Nothing is recorded nor sent while the visitor's choice (choice.ts) says not to measure.
// The visit's signals (signals.ts: totals since the visit opened) go with each batch when they changed
// since last sent, and alone when the page is hidden or left: the end of a visit is mostly a page hidden.
import type { CollectBatch } from '#domain/collect';
import {
  type CollectEventType,
  MAX_EVENTS_PER_BATCH,
  VISIT_LATE_SEND_MS,
  VISIT_LIFETIME_MS,
  type VisitGrant,
} from '#domain/collectEvents';
import type { VisitSignals } from '#domain/visitMeasure';

import { measured } from './choice';

const SESSION_KEY = 'visio3d-viewer-session';
/** A batch leaves this long after its first event: a visit's few events mostly go together, in one. */
export const SEND_AFTER_MS = 2_000;

export function sessionId(): string {
  try {
    const known = sessionStorage.getItem(SESSION_KEY);
    if (known) return known;
    const id = randomId();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    // Storage refused (third-party frame with storage blocked): one id for this page.
    return randomId();
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Collector {
  record(type: CollectEventType): void;
  /** Sends the queued events; `ending` (the page hidden or left): the signals too, even with no event. */
  flush(ending?: boolean): void;
  /** Forgets the queued events (the visitor opted out). */
  drop(): void;
}

/** Events of a visit without a token (the address asked for too many) are not sent: they would be refused. */
export function createCollector(
  key: string,
  session: string,
  visit: VisitGrant | null | undefined,
  endpoint = '/api/collect',
  signals: () => VisitSignals | undefined = () => undefined,
): Collector {
  let queue: CollectBatch['events'] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The signals as last sent (JSON): the same totals are not sent twice. */
  let sentSignals = '';
  /** The server's clock minus this device's, as of the token's arrival. */
  const offset = visit ? visit.issuedAt - Date.now() : 0;

  const flush = (ending = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (!measured()) queue = [];
    if (!visit) return;
    // Past its lifetime and the late send the server still takes, the token would be refused.
    const late = Date.now() + offset > visit.issuedAt + VISIT_LIFETIME_MS + VISIT_LATE_SEND_MS;
    const totals = measured() && !late ? signals() : undefined;
    const json = totals ? JSON.stringify(totals) : '';
    const withSignals = json !== '' && json !== sentSignals;
    if (!queue.length && !(ending && withSignals)) return;
    const batch: CollectBatch = {
      key,
      sessionId: session,
      visit: visit.token,
      events: queue,
      ...(withSignals ? { signals: totals } : {}),
    };
    const body = JSON.stringify(batch);
    queue = [];
    if (withSignals) sentSignals = json;
    const sent = navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
    if (!sent)
      void fetch(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      }).catch(() => {});
  };

  // pagehide covers leaving and closing; visibilitychange covers a phone switching apps (no pagehide then).
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });

  return {
    record(type) {
      const at = Date.now() + offset;
      // Past its lifetime the visit's events would be refused; the next page view opens a new visit.
      if (!visit || at > visit.issuedAt + VISIT_LIFETIME_MS || !measured()) return;
      queue.push({ type, at: new Date(at).toISOString() });
      if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
      else timer ??= setTimeout(() => flush(), SEND_AFTER_MS);
    },
    flush,
    drop: () => (queue = []),
  };
}
