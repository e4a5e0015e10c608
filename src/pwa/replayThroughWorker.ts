// A sign-in right after the first load happens before the service worker controls the page: the frame's
// API answers then go straight to the network and nothing is kept for an offline start. Once the worker
// takes control, the readable answers the page already fetched (src/pwa/offlineApi.ts) are asked again
// through it, with the current token, so they are cached from the first signed-in page whatever the timing.
import { getToken } from '../api/http';
import { isOfflineReadable } from './offlineApi';

export async function replayThroughWorker(): Promise<void> {
  const token = getToken();
  if (!token) return;
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && isOfflineReadable(url.pathname)) urls.add(url.href);
  }
  await Promise.allSettled(
    [...urls].map((url) =>
      fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, cache: 'no-store' }),
    ),
  );
}
