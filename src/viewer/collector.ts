// The viewer's events: one random session id per visit (sessionStorage: no cookie, nothing personal),
// queued and sent with navigator.sendBeacon when the page is hidden or the batch is full. The JSON goes as
// text/plain, which sendBeacon sends without a CORS preflight (POST /api/collect accepts it).
import { type CollectEventType, MAX_EVENTS_PER_BATCH } from '../domain/collectEvents';

const SESSION_KEY = 'visio3d-viewer-session';

function sessionId(): string {
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
  flush(): void;
}

export function createCollector(key: string, endpoint = '/api/collect'): Collector {
  const session = sessionId();
  let queue: Array<{ type: CollectEventType; at: string }> = [];

  const flush = () => {
    if (!queue.length) return;
    const body = JSON.stringify({ key, sessionId: session, events: queue });
    queue = [];
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
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });

  return {
    record(type) {
      queue.push({ type, at: new Date().toISOString() });
      if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
    },
    flush,
  };
}
