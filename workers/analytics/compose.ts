// A view from the records in memory: the kept tally of the selection (or one pass), the previous period's
// when comparing, the ranking, "En direct"; and the CSV of "Exporter CSV" from the same view.
import { filtersText } from '#domain/analytics/filtersText';
import { rankingComparator, rankingOrder, rankingRow, type RankingSort } from '#domain/analytics/ranking';
import type { DashboardView, ViewRequest } from '#domain/analytics/view';

import { figuresOf, type Numbering, seriesValues, statsOf } from './aggregate';
import { type CachedProduct, emptyStored, type StoredColumns } from './columns';
import { buildCsv, csvFileName } from './csv';
import { liveOf } from './live';
import { rankingOf } from './ranking';
import type { Tallies } from './tallies';

export interface ComposeState {
  complete: boolean;
  offline: boolean;
  /** Products whose events could not be loaded: counted as empty. */
  failed: number[];
}

export interface EngineMemory {
  memory: Map<number, CachedProduct>;
  tallies: Tallies;
  numbering: Numbering;
}

export function composeView(
  request: ViewRequest,
  ids: number[],
  now: Date,
  state: ComposeState,
  { memory, tallies, numbering }: EngineMemory,
): DashboardView {
  const { used, cachedAt } = recordsOf(ids, memory, state.failed);
  const { current, before } = talliesOf(used, request, now, tallies, numbering);
  return {
    generation: request.generation,
    ...figuresOf(current, request.metric),
    previous: before && {
      stats: statsOf(before),
      values: seriesValues(before, request.metric),
      eventCount: before.events,
    },
    ranking: rankingOf(current, before),
    live: liveOf(used, now.getTime()),
    cachedAt,
    offline: state.offline,
    failedProducts: state.failed,
    complete: state.complete,
  };
}

/**
 * The tallies of these selections, made now (workers/analytics/engine.ts prepares the next selections with
 * it while nothing is asked), a few products at a time: each `next()` counts until `stop()` says so, and
 * the generator is done once every tally is kept, or at once when a product is not in memory. Each
 * selection whose tallies are all kept is yielded (its index), so its views can be composed then. A pass
 * left unfinished is finished by the view that asks for its tally (see Tallies).
 */
export function* prepareTallies(
  requests: ViewRequest[],
  ids: number[],
  now: Date,
  { memory, tallies, numbering }: EngineMemory,
  stop: () => boolean,
): Generator<number | undefined, void, void> {
  if (!ids.every((id) => memory.has(id))) return;
  const { used } = recordsOf(ids, memory, []);
  for (const [i, request] of requests.entries()) {
    for (const previous of passesOf(request)) {
      const found = tallies.begin(used, request, now, numbering, previous);
      if ('tally' in found) continue;
      while (!found.pass.run(stop)) yield;
      tallies.keep(found);
    }
    yield i;
  }
}

/** Each product's record, empty for a failed or missing one, and the oldest time one was fetched. */
function recordsOf(
  ids: number[],
  memory: Map<number, CachedProduct>,
  failedIds: number[],
): { used: StoredColumns[]; cachedAt: number | null } {
  const failed = new Set(failedIds);
  const used: StoredColumns[] = [];
  let cachedAt: number | null = null;
  for (const id of ids) {
    const r = memory.get(id);
    if (!r || failed.has(id)) {
      used.push(emptyStored(id));
      continue;
    }
    used.push(r);
    cachedAt = cachedAt === null ? r.fetchedAt : Math.min(cachedAt, r.fetchedAt);
  }
  return { used, cachedAt };
}

/** The passes of a selection: its period's and, when comparing, the previous period's (`previous`). */
function passesOf(request: ViewRequest): boolean[] {
  return request.compare && request.period !== 'all_time' ? [false, true] : [false];
}

/** The selection's tally and, when comparing, the previous period's (kept ones are reused, see Tallies). */
function talliesOf(used: StoredColumns[], request: ViewRequest, now: Date, tallies: Tallies, numbering: Numbering) {
  const [current, before = null] = passesOf(request).map((previous) =>
    tallies.of(used, request, now, numbering, previous),
  );
  return { current, before };
}

/**
 * "Exporter CSV" of a view: its ranking (named), in the table's order (`sort`, names compared as French
 * readers do: "Banc Bâle" before "Banc Bruges"), and its evolution series.
 */
export function csvOf(
  view: DashboardView,
  request: ViewRequest,
  names: Record<number, string>,
  companyName: string,
  metricLabel: string,
  sort: RankingSort | null = null,
): { blob: Blob; fileName: string } {
  const { ranking } = view;
  const nameOf = (i: number) => names[ranking.productIds[i]] ?? `Produit ${ranking.productIds[i]}`;
  const order = rankingOrder(ranking.productIds.length, rankingComparator(ranking, nameOf, sort));
  const text = buildCsv({
    ranking: order.map((i) => ({ ...rankingRow(ranking, i), name: nameOf(i) })),
    series: { labels: view.series.labels, values: view.series.values, previous: view.previous?.values ?? null },
    metricLabel,
    filters: filtersText(request.filters),
  });
  return {
    blob: new Blob([text], { type: 'text/csv;charset=utf-8' }),
    fileName: csvFileName({
      company: companyName,
      scope: request.scope,
      productName: request.scope === 'all' ? null : (names[request.scope] ?? null),
      selection: { from: null, to: null, ...request },
    }),
  };
}
