// "Exporter CSV": separators, BOM, decimal commas, CSV-injection escaping, file names; and the ranking and
// series it holds parsed back equal to the tally's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { slug } from '#domain/analytics/exportName';
import { changeLabel, changePercent } from '#domain/analytics/rules';
import type { RankingRow } from '#domain/analytics/view';

import { BOM, buildCsv, cell, csvFileName, decimal } from '../../workers/analytics/csv';

/** A plain CSV reader with "" quoting: ';' is what Excel does on a French system, others read ',' or tabs. */
function parse(text: string, sep = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cur);
      cur = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cur);
      rows.push(row);
      row = [];
      cur = '';
      i++;
    } else cur += c;
  }
  return rows;
}

const row = (over: Partial<RankingRow> & { name: string }): RankingRow & { name: string } => ({
  productId: 1,
  consultations: 0,
  interactions: 0,
  arTries: 0,
  conversions: 0,
  conversionRate: 0,
  base: 0,
  previousConsultations: null,
  ...over,
});

describe('CSV cells', () => {
  it('escapes what a spreadsheet would run: = + - @ tab and carriage return first', () => {
    for (const bad of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(cell(bad).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(cell('Lampe Arc')).toBe('"Lampe Arc"');
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(cell(null)).toBe('');
  });

  it('quotes every text cell: a name holding another separator and a formula stays one cell', () => {
    const name = "Lampe,=cmd|' /C calc'!A0";
    const csv = buildCsv({
      ranking: [row({ name, consultations: 3 })],
      series: { labels: [], values: [], previous: null },
      metricLabel: 'm',
    }).slice(1);
    for (const sep of [';', ',', '\t', '|']) {
      const cells = parse(csv, sep).flat();
      expect(
        cells.filter((c) => c.startsWith(name)),
        sep,
      ).toHaveLength(1);
      expect(
        cells.filter((c) => /^[=+\-@\t\r]/.test(c)),
        sep,
      ).toEqual([]);
    }
    expect(cell('\t=1+1')).toBe('"\'\t=1+1"');
  });

  it('no product name gives a formula cell, whatever separator the reader uses', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(';', ',', '\t', '|', ' '), (name, sep) => {
        const csv = buildCsv({
          ranking: [row({ name })],
          series: { labels: [], values: [], previous: null },
          metricLabel: 'm',
        }).slice(1);
        const cells = parse(csv, sep).flat();
        expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('writes numbers with a decimal comma; our own negative numbers stay numbers', () => {
    expect(decimal(12.345)).toBe('12,3');
    expect(cell(1234)).toBe('1234');
    expect(cell(-12.5)).toBe('-12,5');
    expect(cell('-12,5')).toBe(`"'-12,5"`);
  });

  it('any product name survives the round trip (quoted and escaped, then read back)', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const parsed = parse(
          buildCsv({
            ranking: [row({ name })],
            series: { labels: [], values: [], previous: null },
            metricLabel: 'm',
          }).slice(1),
        );
        const back = parsed[2][0];
        expect(/^[=+\-@\t\r]/.test(name) ? back === `'${name}` : back === name).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the CSV file', () => {
  const csv = buildCsv({
    ranking: [
      row({
        productId: 1,
        name: 'Lampe Éclat',
        consultations: 10,
        interactions: 4,
        arTries: 2,
        conversions: 1,
        conversionRate: 13,
        base: 8,
        previousConsultations: 5,
      }),
      row({ productId: 2, name: '=cmd', consultations: 0, base: 0, previousConsultations: 0 }),
    ],
    series: { labels: ['Jan', 'Fév', 'Mar'], values: [3, 7, null], previous: [1, 0, 2] },
    metricLabel: 'Taux de consultation',
  });

  it('starts with a UTF-8 BOM, separates with ";" and ends lines with CRLF', () => {
    expect(csv.startsWith(BOM)).toBe(true);
    expect(new TextEncoder().encode(csv).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('holds the ranking then the evolution series with the previous period', () => {
    const rows = parse(csv.slice(1));
    expect(rows[0]).toEqual(['Classement des produits']);
    expect(rows[1]).toEqual([
      'Produit',
      'Consultations',
      'Interactions 3D',
      'Essais AR',
      'Conversions',
      'Taux de conversion (%)',
      'Consultations (période précédente)',
      'Évolution (%)',
    ]);
    expect(rows[2]).toEqual(['Lampe Éclat', '10', '4', '2', '1', '12,5', '5', '100']);
    expect(rows[3]).toEqual(["'=cmd", '0', '0', '0', '0', '0', '0', '']);
    expect(rows[4]).toEqual(['']);
    expect(rows[5]).toEqual(['Évolution — Taux de consultation']);
    expect(rows[6]).toEqual(['Période', 'Valeur', 'Période précédente']);
    expect(rows.slice(7)).toEqual([
      ['Jan', '3', '1'],
      ['Fév', '7', '0'],
      ['Mar', '', '2'],
    ]);
  });

  it('is named classement_<company>_<scope>_<period>.csv', () => {
    expect(slug('Maison Lumière')).toBe('maison-lumiere');
    expect(slug('Atelier Bois & Design')).toBe('atelier-bois-design');
    const base = { year: 2026, month: 11, week: 3, from: null, to: null };
    const name = (selection: Parameters<typeof csvFileName>[0]['selection']) =>
      csvFileName({ company: 'Maison Lumière', scope: 'all', productName: null, selection });
    expect(name({ ...base, period: 'month' })).toBe('classement_maison-lumiere_tous-les-produits_2026-11.csv');
    expect(name({ ...base, period: 'year' })).toBe('classement_maison-lumiere_tous-les-produits_2026.csv');
    expect(name({ ...base, period: 'week' })).toBe('classement_maison-lumiere_tous-les-produits_2026-11-s3.csv');
    expect(name({ ...base, period: 'custom', from: '2026-01-01', to: '2026-01-31' })).toBe(
      'classement_maison-lumiere_tous-les-produits_2026-01-01_2026-01-31.csv',
    );
    expect(name({ ...base, period: 'all_time' })).toBe('classement_maison-lumiere_tous-les-produits_tout.csv');
    expect(
      csvFileName({
        company: 'Maison Lumière',
        scope: 7,
        productName: 'Banc Bâle',
        selection: { ...base, period: 'month' },
      }),
    ).toBe('classement_maison-lumiere_banc-bale_2026-11.csv');
  });
});

describe('comparison change', () => {
  it('is the rounded % change, "—" when the previous value is 0', () => {
    expect(changePercent(120, 100)).toBe(20);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
    expect(changeLabel(20)).toBe('+20\u00a0%');
    expect(changeLabel(-50)).toBe('−50\u00a0%');
    expect(changeLabel(null)).toBe('—');
    expect(changeLabel(0)).toBe('0\u00a0%');
  });
});
