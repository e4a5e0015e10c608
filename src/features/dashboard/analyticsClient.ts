// The one long-lived Comlink proxy to the analytics worker (docs/architecture.md: a temporary proxy can
// leave a call hanging). The main thread gives it the token and the API base, and turns a 401 reported
// by the worker into the http client's 401 path (storage wiped, signed out, caches deleted).
import * as Comlink from 'comlink';
import { deleteDB } from 'idb';

import type { InsightFilters, InsightsView } from '#domain/analytics/insightsView';
import type { RankingSort } from '#domain/analytics/ranking';
import {
  CACHE_DB,
  type DashboardView,
  type PreparedScope,
  type PreparedView,
  type Progress,
  UNAUTHORIZED,
  type ViewRequest,
} from '#domain/analytics/view';

import type { AnalyticsApi } from '../../../workers/analytics.worker';
import { API_BASE, ApiError, getToken, send } from '../../api/http';
import { registerUserCacheCleaner } from '../../app/userCaches';

let remote: Comlink.Remote<AnalyticsApi> | null = null;
/** API base and token last given to the worker: a selection change then costs one round trip, not two. */
let configured: string | null = null;

function engine(): Comlink.Remote<AnalyticsApi> {
  remote ??= Comlink.wrap<AnalyticsApi>(
    new Worker(new URL('../../../workers/analytics.worker.ts', import.meta.url), { type: 'module' }),
  );
  return remote;
}

/** The worker said 401: let the server confirm it through the one HTTP client, which wipes the session (docs/architecture.md). */
async function reportUnauthorized(): Promise<void> {
  try {
    await send('GET', '/api/User/current');
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) console.warn('401 du moteur analytique non confirmé', err);
  }
}

export async function computeView(
  request: ViewRequest,
  onProgress: (p: Progress) => void,
  onCachedView: (v: DashboardView) => void,
  onPrepared: PreparedView,
): Promise<DashboardView> {
  const api = engine();
  const connection = `${API_BASE}\n${getToken()}`;
  if (connection !== configured) {
    await api.configure(API_BASE, getToken());
    configured = connection;
  }
  try {
    return await api.view(request, Comlink.proxy(onProgress), Comlink.proxy(onCachedView), Comlink.proxy(onPrepared));
  } catch (err) {
    if ((err as Error)?.name === UNAUTHORIZED) await reportUnauthorized();
    throw err;
  }
}

/**
 * The views of these products for the selection on screen, made ahead by the worker (AnalyticsEngine
 * prepareScopes). Only once a view was asked: before, the worker holds no records to make them from.
 */
export function prepareScopes(request: ViewRequest, scopes: number[], onPrepared: PreparedScope): void {
  if (configured === null || configured !== `${API_BASE}\n${getToken()}`) return;
  void engine()
    .prepareScopes(request, scopes, Comlink.proxy(onPrepared))
    .catch(() => undefined);
}

/**
 * Starts the worker and opens its cache as soon as the dashboard shows: a repeat visit then waits for
 * neither (starting a worker costs about 100 ms here) when the company's products arrive.
 */
export function warmUpAnalytics(): void {
  void engine()
    .warmUp()
    .catch(() => undefined);
}

/** The "3D et réalité augmentée" section's figures for a selection and filters (AnalyticsEngine.insights). */
export async function computeInsights(request: ViewRequest, filters: InsightFilters): Promise<InsightsView> {
  const api = engine();
  const connection = `${API_BASE}\n${getToken()}`;
  if (connection !== configured) {
    await api.configure(API_BASE, getToken());
    configured = connection;
  }
  try {
    return await api.insights(request, filters);
  } catch (err) {
    if ((err as Error)?.name === UNAUTHORIZED) await reportUnauthorized();
    throw err;
  }
}

/** The CSV of a selection, built by the worker from what it holds (see AnalyticsEngine.exportCsv). */
export async function exportCsv(
  request: ViewRequest,
  names: Record<number, string>,
  companyName: string,
  metricLabel: string,
  sort: RankingSort | null,
): Promise<{ blob: Blob; fileName: string }> {
  return engine().exportCsv(request, names, companyName, metricLabel, sort);
}

// Logout and 401: nothing of this user's analytics stays on the PC.
registerUserCacheCleaner(async () => {
  if (remote) await remote.clear();
  else await deleteDB(CACHE_DB);
});
