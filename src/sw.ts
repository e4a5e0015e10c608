/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, injectManifest): the app shell (index.html, the entry chunk and what
// it imports statically, CSS, fonts, icons: scripts/shellPrecache.ts) is precached and served cache-first,
// so a repeat visit starts without the network. The pages' chunks are cached when first fetched.
// /api is never precached. Only the few GETs the frame and the dashboard need to open offline are kept,
// network-first (always fresh when online), keyed by the caller's token so one user's answers are never
// served to another, and deleted at logout and on a 401.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import { CODE_CACHE, isAppCode } from './pwa/codeCache';
import { isOfflineReadable, OFFLINE_API_CACHE } from './pwa/offlineApi';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/i, /^\/viewer(\/|$)/i] }),
);

// The rest of the app's code (pages' chunks, their CSS, the analytics worker), cache-first once fetched. Each
// name carries a hash of its content, so a kept file is never stale: a new version asks for new names and
// gets them from the network, while a tab still running the previous one keeps finding its own files here
// (the server may have removed them with the deployment). Files no version asks for any more age out.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isAppCode(url.pathname),
  new CacheFirst({
    cacheName: CODE_CACHE,
    plugins: [
      // Only a 200 is kept (a 404 after a deployment is asked again next time).
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

async function userKey(request: Request): Promise<string> {
  const auth = request.headers.get('Authorization') ?? '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isOfflineReadable(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_API_CACHE,
    networkTimeoutSeconds: 10,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          url.searchParams.set('__user', await userKey(request));
          return url.toString();
        },
        // Only successful answers are kept; a 401 or 403 is never replayed.
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
    ],
  }),
);

// 'prompt': the new version waits until the user chooses "Mettre à jour" (never a half-updated app).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING')
    void self.skipWaiting();
});
clientsClaim();
