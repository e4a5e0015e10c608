// The company's visits with their signals: GET /api/ProductStatistics/Entreprise/{id}/visits, one call per
// company (domain/analytics/visitColumns.ts), conditional on the ETag of the answer held: a 304 reuses it.
// Kept in memory only (one company at a time, like the versions answer): the section that reads them is
// below the fold and asks once per selection, and a 304 costs no body.
import { UNAUTHORIZED } from '#domain/analytics/view';
import type { VisitColumns } from '#domain/analytics/visitColumns';

import { type Connection, EngineError, HTTP, NETWORK } from './fetch';

export interface CompanyVisits {
  companyId: number;
  etag: string | null;
  visits: VisitColumns;
  checkedAt: number;
}

const COLUMNS: Array<keyof VisitColumns> = [
  'product',
  'session',
  'start',
  'device',
  'system',
  'source',
  'sources',
  'visibleMs',
  'activeMs',
  'firstInteractionMs',
  'arPlatform',
  'arLaunches',
  'arPlaced',
  'arFailed',
  'arReturned',
  'attentionStart',
  'attentionBucket',
  'attentionMs',
];

/** The answer's columns, checked for shape: every per-visit column as long as `product`. */
export function readVisitColumns(body: unknown): VisitColumns<number[]> {
  const b = (body as { visits?: unknown } | null)?.visits ?? body;
  const c = b as Record<string, unknown> | null;
  if (!c || !COLUMNS.every((k) => Array.isArray(c[k]))) throw new EngineError(HTTP, 'Réponse des visites illisible');
  const v = c as unknown as VisitColumns<number[]>;
  const n = v.product.length;
  const perVisit = COLUMNS.filter((k) => !['sources', 'attentionStart', 'attentionBucket', 'attentionMs'].includes(k));
  if (perVisit.some((k) => (v[k] as unknown[]).length !== n))
    throw new EngineError(HTTP, 'Réponse des visites illisible');
  // attentionStart has one entry per visit plus the end (or exactly n: the end is then the bucket count).
  if (v.attentionStart.length === n) v.attentionStart = [...v.attentionStart, v.attentionBucket.length];
  if (v.attentionStart.length !== n + 1 || v.attentionBucket.length !== v.attentionMs.length)
    throw new EngineError(HTTP, 'Réponse des visites illisible');
  return v;
}

export async function fetchCompanyVisits(
  conn: Connection,
  companyId: number,
  known: CompanyVisits | null,
  now: number,
  fetchImpl: typeof fetch = fetch,
): Promise<CompanyVisits> {
  const previous = known?.companyId === companyId ? known : null;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (conn.token) headers.Authorization = `Bearer ${conn.token}`;
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  let response: Response;
  try {
    response = await fetchImpl(`${conn.apiBase}/api/ProductStatistics/Entreprise/${companyId}/visits`, {
      headers,
      cache: 'no-store',
    });
  } catch (err) {
    throw new EngineError(NETWORK, (err as Error).message);
  }
  if (response.status === 304 && previous) return { ...previous, checkedAt: now };
  if (response.status === 401) throw new EngineError(UNAUTHORIZED, 'Session expirée', 401);
  if (!response.ok) throw new EngineError(HTTP, `Erreur HTTP ${response.status}`, response.status);
  const visits = readVisitColumns(await response.json());
  return { companyId, etag: response.headers.get('ETag'), visits, checkedAt: now };
}
