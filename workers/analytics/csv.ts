// "Exporter CSV": what is on screen (the ranking, one row per product, and the evolution series, one row
// per bucket with the previous period when comparing) as two sections of one file, for French Excel:
// UTF-8 with a BOM (accents), ";" between cells, decimal commas. Against CSV injection, every text cell is
// quoted (so a spreadsheet reading "," or a tab as its separator still sees one cell: `Lampe,=cmd|…` does
// not become a second cell holding a formula), and one starting with = + - @, a tab or a carriage return
// is prefixed with ' so that no spreadsheet runs it as a formula. Rates and changes are rounded once, from
// the counts, by the page's rule (domain/analytics/rules.ts roundRatio), to one decimal.
import { exportName, type ExportNameParts } from '#domain/analytics/exportName';
import type { RankingRow } from '#domain/analytics/ranking';
import { changePercent, roundRatio } from '#domain/analytics/rules';

export const BOM = '\uFEFF';
const SEP = ';';
const EOL = '\r\n';

/** One cell: a number as a number; text injection-escaped and always quoted, whatever it holds. */
export function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return decimal(value);
  // Text (a product name, a label) may come from anyone: never a formula. Numbers are ours: a negative
  // change stays a number Excel can compute with.
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${s.replace(/"/g, '""')}"`;
}

/**
 * A number with a decimal comma, at most one decimal (no thousands separator: Excel reads it as a number),
 * halves away from zero as on the page (−6.25 → −6,3, not −6,2).
 */
export function decimal(v: number): string {
  return String(roundRatio(v, 1, 1)).replace('.', ',');
}

export interface CsvInput {
  ranking: Array<RankingRow & { name: string }>;
  series: { labels: string[]; values: Array<number | null>; previous: Array<number | null> | null };
  metricLabel: string;
  /** The filters' French text (domain/analytics/filtersText.ts), first line of the file; absent unfiltered. */
  filters?: string | null;
}

export function buildCsv(input: CsvInput): string {
  const comparing = input.ranking.some((r) => r.previousConsultations !== null) || input.series.previous !== null;
  const lines: string[] = [];
  const row = (cells: Array<string | number | null>) => lines.push(cells.map(cell).join(SEP));
  if (input.filters) row([input.filters]);
  row(['Classement des produits']);
  row([
    'Produit',
    'Consultations',
    'Interactions 3D',
    'Essais AR',
    'Conversions',
    'Taux de conversion (%)',
    ...(comparing ? ['Consultations (période précédente)', 'Évolution (%)'] : []),
  ]);
  input.ranking.forEach((r) => {
    const rate = r.base > 0 ? roundRatio(r.conversions * 100, r.base, 1) : 0;
    const prev = r.previousConsultations;
    const change = prev ? changePercent(r.consultations, prev, 1) : null;
    row([
      r.name,
      r.consultations,
      r.interactions,
      r.arTries,
      r.conversions,
      rate,
      ...(comparing ? [prev, change] : []),
    ]);
  });
  row([]);
  row([`Évolution — ${input.metricLabel}`]);
  row(['Période', 'Valeur', ...(input.series.previous ? ['Période précédente'] : [])]);
  input.series.labels.forEach((label, i) => {
    row([label, input.series.values[i] ?? null, ...(input.series.previous ? [input.series.previous[i] ?? null] : [])]);
  });
  return BOM + lines.join(EOL) + EOL;
}

/** classement_<company>_<scope>_<period>.csv */
export const csvFileName = (parts: ExportNameParts): string => `${exportName('classement', parts)}.csv`;
