// Runs in a dedicated worker of Chromium (bench/insightsWorker.ts builds and serves it): the same data and
// cases as bench/insights.ts in Node, timed by the engine the analytics worker really runs in. The visits
// are the in-memory columns (no answer parsed); the first call (the index built, the join, the zone's
// tables, the JIT) is timed apart. Then the main figures with a filter on (bench/insightsFigures.ts).
import { Zone } from '../domain/analytics/zone';
import { computeInsights } from '../workers/analytics/insights';
import { insightCases, timeCases } from './insightsCases';
import { insightsData } from './insightsData';
import { measureFigures } from './insightsFigures';

interface Ask {
  products: number;
  events: number;
  runs: number;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Ask>) => void) | null;
  postMessage(m: unknown): void;
};

scope.onmessage = ({ data: ask }) => {
  const data = insightsData(ask.products, ask.events);
  const zone = new Zone('Europe/Paris');
  const cases = insightCases(data);
  const run = (k: number) => computeInsights(data.visits, data.records, cases[k].request, zone, cases[k].filters);
  const t = performance.now();
  run(0);
  const first = performance.now() - t;
  const times = timeCases(cases, ask.runs, (c) => run(cases.indexOf(c)));
  const figures = measureFigures(data.visits, data.records, data.productIds, ask.runs);
  scope.postMessage({ first, times, figures });
};
