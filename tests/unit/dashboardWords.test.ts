// The dashboard's words: French agreement, one money format, the data's "Unknown" shown in French, and
// what the doughnut counts in each mode.
import { describe, expect, it } from 'vitest';

import { countryLabel, countryShown, UNKNOWN_COUNTRY } from '../../src/domain/analytics/countries';
import { countOf, formatEuros } from '../../src/domain/format';
import { formatEuros as catalogueEuros } from '../../src/domain/product';
import { GEO_COUNTS } from '../../src/features/dashboard/AnalysisCharts';
import { topSlices } from '../../src/features/dashboard/GeoChart';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('dashboard words', () => {
  it('agrees in number: 0 and 1 produit, 2 produits', () => {
    expect(countOf(0, 'produit')).toBe('0 produit');
    expect(countOf(1, 'produit')).toBe('1 produit');
    expect(countOf(2, 'produit')).toBe('2 produits');
    expect(plain(countOf(1290, 'produit'))).toBe('1 290 produits');
  });

  it('formats money one way everywhere: 1 290,50 €', () => {
    expect(plain(formatEuros(1290.5))).toBe('1 290,50 €');
    expect(catalogueEuros).toBe(formatEuros);
    expect(formatEuros(null)).toBe('—');
  });

  it('shows the data\'s "Unknown" as "Pays inconnu" and keeps the value in the data', () => {
    expect(countryLabel('')).toBe(UNKNOWN_COUNTRY);
    expect(UNKNOWN_COUNTRY).toBe('Unknown');
    expect(countryShown('Unknown')).toBe('Pays inconnu');
    expect(countryShown('France')).toBe('France');
    const geo = [
      { label: 'France', value: 5 },
      { label: 'Unknown', value: 3 },
    ];
    expect(topSlices(geo).map((s) => s.label)).toEqual(['France', 'Pays inconnu']);
    expect(geo[1].label).toBe('Unknown');
  });

  it('says what the doughnut counts in each mode', () => {
    expect(GEO_COUNTS.total).toMatch(/[ÉE]vénements/);
    expect(GEO_COUNTS.unique_users).toMatch(/Utilisateurs uniques/);
    expect(GEO_COUNTS.total).not.toMatch(/Utilisateurs|Visiteurs/);
  });
});
