// The counting rules of docs/product.md §1.7 that do not need the raw events: rates, geo merge, the AR
// funnel (docs/dashboard.md "Entonnoir AR").
import { formatNumber } from '../format';
import { countryLabel } from './countries';
import type { GeoItem, JourneyStep } from './fields';

/** round(part / whole × 100), or 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** total: round(conversions / total events × 100); unique_users: round(converting sessions / sessions × 100). */
export const conversionRate = percent;

/** Geo items merged by French name (codes and names of one country meet), summed, by descending value. */
export function mergeGeo(items: GeoItem[]): GeoItem[] {
  const byLabel = new Map<string, number>();
  for (const i of items) {
    const label = countryLabel(i.label);
    byLabel.set(label, (byLabel.get(label) ?? 0) + i.value);
  }
  return [...byLabel]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'fr'));
}

/** One step of the AR funnel (docs/dashboard.md "Entonnoir AR"). */
export interface FunnelStep extends JourneyStep {
  /** Sessions of this step, in whole percent of the first step's. */
  percent: number;
  /** Sessions lost since the previous step, in whole percent of the previous step's; null for the first. */
  drop: number | null;
}

/**
 * The funnel of steps whose counts never grow (each step's sessions reached every step before it): each
 * step against the first, and the drop from the step before (0 when the step before had no session).
 */
export function funnelOf(steps: JourneyStep[]): FunnelStep[] {
  const first = steps[0]?.count ?? 0;
  return steps.map((s, i) => ({
    ...s,
    percent: percent(s.count, first),
    drop:
      i === 0
        ? null
        : steps[i - 1].count > 0
          ? Math.round(((steps[i - 1].count - s.count) / steps[i - 1].count) * 100)
          : 0,
  }));
}

/** The change from `previous` to `current` in whole percent, null when there was nothing before (shown "—"). */
export function changePercent(current: number, previous: number): number | null {
  return previous > 0 ? Math.round(((current - previous) / previous) * 100) : null;
}

/** "+12 %", "−5 %", "0 %" or "—" (fr-FR, a real minus sign). */
export function changeLabel(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return '0 %';
  return `${change > 0 ? '+' : '−'}${formatNumber(Math.abs(change))} %`;
}
