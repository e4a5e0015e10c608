// Files read with the bearer token (an <img src> or a <video src> cannot send it) are shown through object
// URLs. Each URL is the data of a query under `objectUrlKeys`, revoked when that query leaves the cache
// (garbage-collected once its last reader unmounted, or cleared at logout) or gets a new URL: no blob is
// kept alive by a URL nobody can reach (docs/architecture.md, "Server state on the client").
import { type Query, type QueryCache, queryOptions } from '@tanstack/react-query';

const ROOT = 'objectUrl';

export const objectUrlKeys = {
  catalogueFile: (fileKey: string) => [ROOT, 'catalogueFile', fileKey] as const,
  video: (propositionId: number) => [ROOT, 'video', propositionId] as const,
};

/**
 * A file as an object URL. Stored files never change under their key: read once (`staleTime: Infinity`);
 * `gcTime` says how long the blob outlives its last reader.
 */
export function objectUrlQuery(
  queryKey: readonly [typeof ROOT, ...unknown[]],
  read: (signal: AbortSignal) => Promise<Blob>,
  gcTime?: number,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const blob = await read(signal);
      // A query removed while its file was arriving: no URL that nobody would revoke.
      signal.throwIfAborted();
      return URL.createObjectURL(blob);
    },
    staleTime: Infinity,
    ...(gcTime === undefined ? {} : { gcTime }),
  });
}

/** Revokes each object URL once its query is removed or holds another one. Returns the unsubscribe. */
export function revokeObjectUrls(cache: QueryCache): () => void {
  const held = new Map<string, string>();
  const revoke = (hash: string) => {
    const url = held.get(hash);
    if (url !== undefined) URL.revokeObjectURL(url);
    held.delete(hash);
  };
  return cache.subscribe((event) => {
    // The cache types its events with `any` keys and data: read them as unknown.
    const query = event.query as Query<unknown>;
    if (query.queryKey[0] !== ROOT) return;
    if (event.type === 'removed') return revoke(query.queryHash);
    const url = query.state.data;
    if (typeof url !== 'string' || held.get(query.queryHash) === url) return;
    revoke(query.queryHash);
    held.set(query.queryHash, url);
  });
}
