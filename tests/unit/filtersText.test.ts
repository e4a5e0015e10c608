// The filters said in French (domain/analytics/filtersText.ts) where a filtered figure leaves the page:
// the chart captions (exportCaption.ts) and the first line of the CSV (workers/analytics/csv.ts); nothing
// added when no filter is set.
import { describe, expect, it } from 'vitest';

import { exportCaption } from '#domain/analytics/exportCaption';
import { filtersText } from '#domain/analytics/filtersText';
import { NO_FILTERS } from '#domain/analytics/insightsView';

import { BOM, buildCsv } from '../../workers/analytics/csv';

const context = {
  company: 'Demo',
  scopeName: 'Tous les produits',
  selection: { period: 'all_time' as const, year: 2026, month: 1, week: 1, from: null, to: null },
  counting: 'total' as const,
};
const csvInput = { ranking: [], series: { labels: ['a'], values: [1], previous: null }, metricLabel: 'Consultations' };

describe('the filters in French', () => {
  it('names each filter set, and none when none is', () => {
    expect(filtersText(NO_FILTERS)).toBeNull();
    expect(filtersText(null)).toBeNull();
    expect(filtersText({ ...NO_FILTERS, device: 'telephone', source: 'boutique.exemple.fr' })).toBe(
      'Filtres : Téléphone, source boutique.exemple.fr',
    );
    expect(filtersText({ ...NO_FILTERS, country: 'France', campaign: 'soldes', platform: 'quick-look' })).toBe(
      'Filtres : plateforme Quick Look (iOS), campagne soldes, pays France',
    );
  });

  it('adds a line to the caption only when filtered', () => {
    expect(exportCaption('Évolution', context, []).lines).toHaveLength(2);
    const lines = exportCaption('Évolution', { ...context, filters: { ...NO_FILTERS, device: 'tablette' } }, []).lines;
    expect(lines.at(-1)).toBe('Filtres : Tablette');
  });

  it('heads the CSV with the filters only when filtered', () => {
    const plain = buildCsv(csvInput);
    const filtered = buildCsv({ ...csvInput, filters: 'Filtres : Tablette' });
    expect(plain.replace(BOM, '').startsWith('"Classement des produits"')).toBe(true);
    expect(filtered.replace(BOM, '').split('\r\n')[0]).toBe('"Filtres : Tablette"');
    expect(filtered.endsWith(plain.replace(BOM, ''))).toBe(true);
  });
});
