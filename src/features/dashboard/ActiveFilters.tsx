// Which filters the figures follow (docs/dashboard.md "Filters"), beside the cards: a filtered figure must
// never read as the whole. Nothing at all when none is set, so the usual unfiltered load shifts nothing.
import { useAtomValue, useSetAtom } from 'jotai';

import { filtersText } from '#domain/analytics/filtersText';
import { NO_FILTERS } from '#domain/analytics/insightsView';

import { filtersAtom, updateFiltersAtom } from './insight/filterAtoms';

export function ActiveFilters() {
  const text = filtersText(useAtomValue(filtersAtom));
  const update = useSetAtom(updateFiltersAtom);
  if (!text) return null;
  return (
    <p className="dashboard-filters" role="status">
      <span>{text}</span>
      <button type="button" className="p-button p-button-text p-button-sm" onClick={() => update(NO_FILTERS)}>
        Retirer les filtres
      </button>
    </p>
  );
}
