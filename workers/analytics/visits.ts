// The company's visits with their signals: GET /api/ProductStatistics/Entreprise/{id}/visits, one call per
// company (domain/analytics/visitColumns.ts), conditional on the ETag of the answer held: a 304 reuses it.
// Held in memory as typed arrays (typedVisits, one company at a time) and stored in IndexedDB with its ETag
// (cache.ts storeVisits, the last companies): a reload reads it back and revalidates it, and a 304 costs
// no body (engine.ts visitsOf).
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

type Typed = Int16ArrayConstructor | Int32ArrayConstructor | Float64ArrayConstructor;

/**
 * The typed array of each numeric column, from what its values can be (product_visits' types, migration
 * 0014: smallint, integer; `start` is ms since 1970, beyond 32 bits; -1 in `session`, `source` and
 * `firstInteractionMs`).
 */
const TYPED: Record<Exclude<keyof VisitColumns, 'sources'>, Typed> = {
  product: Int32Array,
  session: Int32Array,
  start: Float64Array,
  device: Int16Array,
  system: Int16Array,
  source: Int32Array,
  visibleMs: Int32Array,
  activeMs: Int32Array,
  firstInteractionMs: Int32Array,
  arPlatform: Int16Array,
  arLaunches: Int16Array,
  arPlaced: Int16Array,
  arFailed: Int16Array,
  arReturned: Int16Array,
  attentionStart: Int32Array,
  attentionBucket: Int32Array,
  attentionMs: Int32Array,
};

/** The whole values an Int16Array or Int32Array holds. */
const RANGES = new Map<Typed, [number, number]>([
  [Int16Array, [-0x8000, 0x7fff]],
  [Int32Array, [-0x80000000, 0x7fffffff]],
]);

/** Whether every value is whole and within [min, max]. */
function fits(values: number[], min: number, max: number): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v >= min && v <= max && Math.floor(v) === v)) return false;
  }
  return true;
}

/** `values` in a `Make`, or a Float64Array if one of them does not fit (a server sending wider values). */
function typedColumn(values: number[], Make: Typed): Int16Array | Int32Array | Float64Array {
  const range = RANGES.get(Make);
  if (range && !fits(values, range[0], range[1])) return Float64Array.from(values);
  // set() copies a parsed array in one builtin: faster than a loop storing into three kinds of typed array.
  const column = new Make(values.length);
  column.set(values);
  return column;
}

/**
 * The answer's columns as the worker holds them: typed arrays. Their readers (visitIndex.ts, insights.ts,
 * filtered.ts) then always see the same kind of column, whether parsed or read back from IndexedDB, and
 * storing them (cache.ts storeVisits) copies memory instead of millions of numbers one by one.
 */
export function typedVisits(v: VisitColumns<number[]>): VisitColumns {
  const typed: Record<string, unknown> = {};
  for (const k of COLUMNS) typed[k] = k === 'sources' ? v.sources : typedColumn(v[k], TYPED[k]);
  return typed as unknown as VisitColumns;
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
  const visits = typedVisits(readVisitColumns(await response.json()));
  return { companyId, etag: response.headers.get('ETag'), visits, checkedAt: now };
}
