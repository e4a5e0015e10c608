// Per-product event calls: bounded concurrency, ETag / If-None-Match, failures kept per product.
import { COLUMNS_MEDIA_TYPE, decodeColumns } from '#domain/analytics/binaryColumns';
import { SUPERSEDED, UNAUTHORIZED } from '#domain/analytics/view';
import { normaliseList } from '#domain/list';

import { fromBinary, fromCompact, isCompact, type ProductColumns, toColumns } from './columns';

export const MAX_IN_FLIGHT = 6;

export class EngineError extends Error {
  constructor(
    name: string,
    message: string,
    public status = 0,
  ) {
    super(message);
    this.name = name;
  }
}
export const NETWORK = 'NetworkError';
export const HTTP = 'HttpError';

export interface Connection {
  apiBase: string;
  token: string | null;
}

export type FetchResult = { kind: 'unchanged' } | { kind: 'fresh'; etag: string | null; columns: ProductColumns };

/** GET /api/ProductStatistics/Product/{id}, conditional when an ETag is known. */
export async function fetchProductEvents(
  conn: Connection,
  productId: number,
  etag: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<FetchResult> {
  // The binary columns first (no JSON parse: docs/api.md), JSON from a server that does not have them.
  const headers: Record<string, string> = { Accept: `${COLUMNS_MEDIA_TYPE}, application/json;q=0.9` };
  if (conn.token) headers.Authorization = `Bearer ${conn.token}`;
  if (etag) headers['If-None-Match'] = etag;
  let response: Response;
  try {
    // Our server answers ?format=columns (parallel arrays with dictionaries, about a third of the bytes to
    // build, compress and parse); another server of the contract ignores the parameter and sends its list,
    // which is read as well.
    // `no-store`: the records in IndexedDB and our own If-None-Match are the cache; Chromium's HTTP cache
    // would only be looked up and an entry made for each call, ~0.35 ms of its network service per call
    // with nothing ever kept (the API answers no-store: bench/notes.md, twenty-second pass).
    response = await fetchImpl(`${conn.apiBase}/api/ProductStatistics/Product/${productId}?format=columns`, {
      headers,
      cache: 'no-store',
    });
  } catch (err) {
    throw new EngineError(NETWORK, (err as Error).message);
  }
  if (response.status === 304) return { kind: 'unchanged' };
  if (response.status === 401) throw new EngineError(UNAUTHORIZED, 'Session expirée', 401);
  if (!response.ok) throw new EngineError(HTTP, `Erreur HTTP ${response.status}`, response.status);
  const tag = response.headers.get('ETag');
  if ((response.headers.get('Content-Type') ?? '').startsWith(COLUMNS_MEDIA_TYPE)) {
    let arrays;
    try {
      arrays = decodeColumns(await response.arrayBuffer());
    } catch (err) {
      throw new EngineError(HTTP, `Réponse binaire illisible : ${(err as Error).message}`);
    }
    return { kind: 'fresh', etag: tag, columns: fromBinary(productId, arrays) };
  }
  const body: unknown = await response.json();
  if (isCompact(body)) return { kind: 'fresh', etag: tag, columns: fromCompact(productId, body) };
  const events = normaliseList<Record<string, unknown>>(body, 'statistiques');
  return { kind: 'fresh', etag: tag, columns: toColumns(productId, events) };
}

/**
 * Runs `task` over `items`, at most `limit` at a time; `stop()` true starts no further task (superseded).
 * It settles only once every started task has finished, so that what they bring (records to store) is
 * never left behind by a rejection; then it rethrows the first task error, or Superseded.
 */
export async function forEachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  let stopped = false;
  let failure: { error: unknown } | null = null;
  const runner = async () => {
    while (next < items.length && !failure) {
      if (stop()) {
        stopped = true;
        return;
      }
      try {
        await task(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  if (failure) throw (failure as { error: unknown }).error;
  if (stopped) throw new EngineError(SUPERSEDED, 'Sélection remplacée');
}
