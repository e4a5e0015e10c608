// The Comlink face of the analytics engine (docs/architecture.md): the app sends a selection, gets a
// small view back; raw events never reach the main thread.
import * as Comlink from 'comlink';

import { AnalyticsEngine } from './analytics/engine';

const engine = new AnalyticsEngine();

export const api = {
  configure: (apiBase: string, token: string | null) => engine.configure(apiBase, token),
  view: (...args: Parameters<AnalyticsEngine['view']>) => engine.view(...args),
  clear: () => engine.clear(),
  exportCsv: (...args: Parameters<AnalyticsEngine['exportCsv']>) => engine.exportCsv(...args),
};
export type AnalyticsApi = typeof api;

Comlink.expose(api);
