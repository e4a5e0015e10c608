// The names of the dashboard's exported files (CSV from the worker, workers/analytics/csv.ts; PNG from the
// page): the company and the period as slugs.
import type { Selection } from './selection';

/** "maison-lumiere": lower case, no accents, words joined by "-". */
export function slug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // Words split and joined rather than dashes trimmed by /^-+|-+$/, which is quadratic on dashes.
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .join('-') || 'entreprise'
  );
}

/** The period part of the file name: 2026-11, 2026, 2026-11-s3, 2026-01-01_2026-01-31, tout. */
export function periodSlug(s: Pick<Selection, 'period' | 'year' | 'month' | 'week' | 'from' | 'to'>): string {
  const mm = String(s.month).padStart(2, '0');
  if (s.period === 'year') return String(s.year);
  if (s.period === 'month') return `${s.year}-${mm}`;
  if (s.period === 'week') return `${s.year}-${mm}-s${s.week}`;
  if (s.period === 'custom') return `${s.from}_${s.to}`;
  return 'tout';
}
