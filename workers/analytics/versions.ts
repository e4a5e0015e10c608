// One call that says which products changed: GET /api/ProductStatistics/Entreprise/{id}/versions answers
// the current columns ETag of every product of the company (server/analytics/routes/versions.ts), itself
// with an ETag and 304. A repeat visit or the 60-second refresh then fetches only the products whose tag
// differs from the record held, instead of one conditional request per product (docs/dashboard.md).
// Another server of the contract has no such route (404): the engine then revalidates product by product.
import { UNAUTHORIZED } from '#domain/analytics/view';

import { type Connection, EngineError, HTTP, NETWORK } from './fetch';

/**
 * The last answer for a company: its ETag and each product's current columns ETags (binary, JSON). `tags`
 * is null for an ETag taken back from the cache (storedViews.ts): under it every stored record was current,
 * so its 304 says they all still are.
 */
export interface CompanyVersions {
  companyId: number;
  etag: string | null;
  tags: Map<number, string[]> | null;
}

/** 'missing': the server has no versions route (another server of the contract). */
export type VersionsResult = CompanyVersions | 'missing';

export async function fetchCompanyVersions(
  conn: Connection,
  companyId: number,
  known: CompanyVersions | null,
  fetchImpl: typeof fetch = fetch,
): Promise<VersionsResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (conn.token) headers.Authorization = `Bearer ${conn.token}`;
  const previous = known?.companyId === companyId ? known : null;
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  let response: Response;
  try {
    response = await fetchImpl(`${conn.apiBase}/api/ProductStatistics/Entreprise/${companyId}/versions`, { headers });
  } catch (err) {
    throw new EngineError(NETWORK, (err as Error).message);
  }
  if (response.status === 304 && previous) return previous;
  if (response.status === 401) throw new EngineError(UNAUTHORIZED, 'Session expirée', 401);
  // 404 and 405: no such route here (a company we may not reach answers 404 too, and then the per-product
  // calls answer what they answer, as before this addition).
  if (response.status === 404 || response.status === 405) return 'missing';
  if (!response.ok) throw new EngineError(HTTP, `Erreur HTTP ${response.status}`, response.status);
  const body = (await response.json()) as {
    products?: Array<{ productId?: unknown; columnsEtag?: unknown; binaryEtag?: unknown }>;
  };
  if (!Array.isArray(body?.products)) throw new EngineError(HTTP, 'Réponse des versions illisible');
  const tags = new Map<number, string[]>();
  // A record holds the tag of the answer it came from: binary from our server, JSON columns otherwise.
  for (const p of body.products)
    if (typeof p.productId === 'number')
      tags.set(
        p.productId,
        [p.binaryEtag, p.columnsEtag].filter((t): t is string => typeof t === 'string'),
      );
  return { companyId, etag: response.headers.get('ETag'), tags };
}
