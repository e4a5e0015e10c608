// The Comlink face of the analytics engine (docs/architecture.md): the app sends a selection, gets a
// small view back; raw events never reach the main thread. The view's ranking columns are transferred,
// not copied (fresh arrays each view: ranking.ts).
import * as Comlink from 'comlink';

import type { DashboardView } from '#domain/analytics/view';

import { openCache } from './analytics/cache';
import { AnalyticsEngine } from './analytics/engine';

const engine = new AnalyticsEngine();

const transferred = (v: DashboardView) => {
  const { productIds, counts, previous } = v.ranking;
  return Comlink.transfer(v, [productIds.buffer, counts.buffer, ...(previous ? [previous.buffer] : [])]);
};

export const api = {
  configure: (apiBase: string, token: string | null) => engine.configure(apiBase, token),
  view: async (...args: Parameters<AnalyticsEngine['view']>) => transferred(await engine.view(...args)),
  prepareScopes: (...args: Parameters<AnalyticsEngine['prepareScopes']>) => engine.prepareScopes(...args),
  clear: () => engine.clear(),
  /** The dashboard opened: the database is opened while the page asks for the company's products. */
  warmUp: () => openCache().catch(() => undefined),
  /** The "3D et réalité augmentée" section's figures (insights.ts): a small view, no visit leaves the worker. */
  insights: (...args: Parameters<AnalyticsEngine['insights']>) => engine.insights(...args),
  exportCsv: (...args: Parameters<AnalyticsEngine['exportCsv']>) => engine.exportCsv(...args),
};
export type AnalyticsApi = typeof api;

Comlink.expose(api);
