// The API answers the service worker may replay offline: the current user, the companies and the
// dashboard's product lists. Everything else under /api goes to the network only.
export const OFFLINE_API_CACHE = 'api-offline';

const READABLE = [
  /^\/api\/user\/current$/i,
  /^\/api\/entreprise$/i,
  /^\/api\/produit\/entreprise\/\d+$/i,
  /^\/api\/customers\/forcurrentuser$/i,
];

export const isOfflineReadable = (pathname: string) => READABLE.some((r) => r.test(pathname));

/** Deletes the replayable API answers (logout, 401): nothing is left for the next person on the PC. */
export async function clearOfflineApiCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_API_CACHE);
}
