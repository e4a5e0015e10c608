// What an exported chart says of itself (src/ui/exportImage.ts draws it around the chart): its title, the
// company, scope, period and counting, and its values as a legend, in French, so that a PNG read alone
// (in a mail, a slide) is not a bare drawing.
import { formatNumber } from '../format';
import { filtersText } from './filtersText';
import type { InsightFilters } from './insightsView';
import { type Counting, COUNTING_LABELS, type Selection, weekOptions } from './selection';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

export interface ExportCaption {
  title: string;
  /** Company — scope — period, then the counting. */
  lines: string[];
  /** One entry per series, slice or step, with its value. */
  legend: Array<{ label: string; value: string; color?: string }>;
}

/** "novembre 2026", "2026", "Semaine 3 (15-21) novembre 2026", "du 01/03/2025 au 31/03/2025", "Toutes les données". */
export function periodText(s: Pick<Selection, 'period' | 'year' | 'month' | 'week' | 'from' | 'to'>): string {
  const month = `${MONTHS[s.month - 1]} ${s.year}`;
  if (s.period === 'year') return String(s.year);
  if (s.period === 'month') return month;
  if (s.period === 'week') {
    const blocks = weekOptions(s.year, s.month);
    return `${(blocks[s.week - 1] ?? blocks.at(-1)!).label} ${month}`;
  }
  if (s.period === 'custom') {
    const fr = (iso: string | null) => (iso ?? '').split('-').reverse().join('/');
    return `du ${fr(s.from)} au ${fr(s.to)}`;
  }
  return 'Toutes les données';
}

export function exportCaption(
  title: string,
  context: {
    company: string;
    scopeName: string;
    selection: Parameters<typeof periodText>[0];
    counting: Counting;
    /** The dashboard's filters: named on a line of their own when one is set. */
    filters?: InsightFilters | null;
  },
  legend: Array<{ label: string; value: number | string; color?: string }>,
): ExportCaption {
  const filters = filtersText(context.filters);
  return {
    title,
    lines: [
      `${context.company} — ${context.scopeName} — ${periodText(context.selection)}`,
      `Comptage : ${COUNTING_LABELS[context.counting]}`,
      ...(filters ? [filters] : []),
    ],
    legend: legend.map((l) => ({ ...l, value: typeof l.value === 'number' ? formatNumber(l.value) : l.value })),
  };
}
