// The insight section's filters (domain/analytics/insightFilters.ts): read once from the URL when the
// section first mounts, written back to it at each change (DashboardPage keeps them when it writes the
// selection), so a filtered view survives a reload and can be shared.
import { atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';

import { FILTER_PARAMS } from '#domain/analytics/filterParams';
import { filtersFromParams, filtersToParams } from '#domain/analytics/insightFilters';
import type { InsightFilters } from '#domain/analytics/insightsView';

const storedFiltersAtom = atomWithLazy<InsightFilters>(() =>
  filtersFromParams(new URLSearchParams(globalThis.location?.search ?? '')),
);

export const filtersAtom = atom((get) => get(storedFiltersAtom));

function writeUrl(filters: InsightFilters): void {
  const params = new URLSearchParams(window.location.search);
  for (const name of FILTER_PARAMS) params.delete(name);
  filtersToParams(filters, params);
  const search = `?${params}`;
  if (window.location.search !== search)
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
}

/** The one writer: a patch of the filters, written to the URL at once (a filter change is rare). */
export const updateFiltersAtom = atom(null, (get, set, patch: Partial<InsightFilters>) => {
  const next = { ...get(storedFiltersAtom), ...patch };
  set(storedFiltersAtom, next);
  writeUrl(next);
});
