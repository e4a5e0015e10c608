// The dashboard's words: French agreement, one money format, the data's "Unknown" shown in French, and
// what the doughnut counts in each mode.
import { describe, expect, it } from 'vitest';

import { countryLabel, countryShown, UNKNOWN_COUNTRY } from '#domain/analytics/countries';
import { exportCaption, periodText } from '#domain/analytics/exportCaption';
import { countOf, formatEuros } from '#domain/format';
import { formatEuros as catalogueEuros } from '#domain/product';

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

describe('what an exported chart says of itself', () => {
  it('names the company, the scope, the period and the counting in French, with the values', () => {
    const c = exportCaption(
      'Origine géographique',
      {
        company: 'Maison Lumière',
        scopeName: 'Tous les produits',
        selection: { period: 'week', year: 2026, month: 1, week: 5, from: null, to: null },
        counting: 'unique_users',
      },
      [{ label: 'France', value: 1290, color: '#000' }],
    );
    expect(c.lines[0]).toBe('Maison Lumière — Tous les produits — Semaine 5 (29-31) janvier 2026');
    expect(c.lines[1]).toBe('Comptage : Utilisateurs uniques');
    expect(c.legend.map((l) => plain(l.value))).toEqual(['1 290']);
    const period = (p: Parameters<typeof periodText>[0]['period'], from: string | null = null, to = from) =>
      periodText({ period: p, year: 2026, month: 11, week: 1, from, to });
    expect([period('month'), period('year'), period('all_time'), period('custom', '2025-03-01', '2025-03-31')]).toEqual(
      ['novembre 2026', '2026', 'Toutes les données', 'du 01/03/2025 au 31/03/2025'],
    );
  });
});
