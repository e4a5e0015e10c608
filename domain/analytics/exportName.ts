// The names of the dashboard's exported files (CSV from the worker, workers/analytics/csv.ts; PNG from the
// page): what the file holds, then the company, the scope and the period as slugs, so that a folder of
// exports reads on its own: classement_maison-lumiere_tous-les-produits_2026-11.csv.
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

/** The scope part: "tous-les-produits", or the product's name. */
export function scopeSlug(scope: Selection['scope'], productName: string | null): string {
  return scope === 'all' ? 'tous-les-produits' : slug(productName ?? `produit-${scope}`);
}

export interface ExportNameParts {
  company: string;
  scope: Selection['scope'];
  /** The product's name when the scope is one product. */
  productName: string | null;
  selection: Pick<Selection, 'period' | 'year' | 'month' | 'week' | 'from' | 'to'>;
}

/** "<company>_<scope>_<period>". */
export function exportSuffix(p: ExportNameParts): string {
  return `${slug(p.company)}_${scopeSlug(p.scope, p.productName)}_${periodSlug(p.selection)}`;
}

/** "<what>_<company>_<scope>_<period>", without the extension. */
export const exportName = (what: string, p: ExportNameParts): string => `${what}_${exportSuffix(p)}`;
