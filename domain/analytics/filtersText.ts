// The dashboard's filters said in French (docs/dashboard.md "Filters"): on the page beside the cards, in
// the caption of an exported chart and at the top of the CSV, so that a filtered figure never reads as
// the whole. null when none is set.
import { AR_PLATFORM_LABELS, DEVICE_LABELS } from '../visitSignals';
import type { InsightFilters } from './insightsView';

export function filtersText(f: InsightFilters | null | undefined): string | null {
  if (!f) return null;
  const parts: string[] = [];
  if (f.device) parts.push(DEVICE_LABELS[f.device]);
  if (f.platform) parts.push(`plateforme ${AR_PLATFORM_LABELS[f.platform]}`);
  if (f.source) parts.push(`source ${f.source}`);
  if (f.campaign) parts.push(`campagne ${f.campaign}`);
  if (f.country) parts.push(`pays ${f.country}`);
  return parts.length ? `Filtres : ${parts.join(', ')}` : null;
}
