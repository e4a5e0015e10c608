// The counting rules of docs/product.md §1.7 that do not need the raw events: rates, geo merge, the AR
// funnel (docs/dashboard.md "Entonnoir AR").
import { formatNumber } from '../format';
import { countryLabel } from './countries';
import type { GeoItem, JourneyStep } from './fields';

/**
 * num / den rounded to `decimals` decimals, halves away from zero (57.5 → 58, −6.25 → −6.3 at one
 * decimal: as fr-FR's Intl.NumberFormat, so a fall reads as large as the same rise). Counts are integers:
 * the quotient is computed exactly from them (23 / 40 × 100 in floating point is 57.4999…, which
 * Math.round makes 57); other numbers are rounded from their floating-point quotient.
 */
export function roundRatio(num: number, den: number, decimals = 0): number {
  const scale = 10 ** decimals;
  const n = num * scale;
  if (!Number.isInteger(n) || !Number.isInteger(den) || den === 0) {
    const q = n / den;
    return (Math.sign(q) * Math.round(Math.abs(q))) / scale;
  }
  const negative = n < 0 !== den < 0;
  let rounded: number;
  if (Number.isSafeInteger(n) && Number.isSafeInteger(den)) {
    const a = Math.abs(n);
    const b = Math.abs(den);
    const q = Math.floor(a / b);
    // The remainder of a safe integer division is exact; floor(a / b) may be one off near 2^53: corrected.
    const r = a - q * b;
    rounded = r < 0 ? q - 1 + (2 * (r + b) >= b ? 1 : 0) : q + (2 * r >= b ? 1 : 0);
  } else {
    const a = BigInt(Math.abs(n));
    const b = BigInt(Math.abs(den));
    rounded = Number(a / b + (2n * (a % b) >= b ? 1n : 0n));
  }
  return ((negative ? -rounded : rounded) || 0) / scale;
}

/** round(part / whole × 100), or 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? roundRatio(part * 100, whole) : 0;
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
          ? roundRatio((steps[i - 1].count - s.count) * 100, steps[i - 1].count)
          : 0,
  }));
}

/** The change from `previous` to `current` in whole percent, null when there was nothing before (shown "—"). */
export function changePercent(current: number, previous: number, decimals = 0): number | null {
  return previous > 0 ? roundRatio((current - previous) * 100, previous, decimals) : null;
}

/** A rate as its exact parts: `part` out of `whole` (conversions out of events, or of sessions). */
export interface RateParts {
  part: number;
  whole: number;
}

/**
 * The change of a rate in whole percent, from the exact rates (not the rounded ones shown: 4 % against 3 %
 * reads +33 % where 0.0424 against 0.0342 is +24 %), rounded once; null when the previous rate was 0.
 * (c/w − pc/pw) / (pc/pw) = (c·pw − pc·w) / (pc·w).
 */
export function rateChange(current: RateParts, previous: RateParts): number | null {
  if (previous.whole <= 0 || previous.part <= 0) return null;
  if (current.whole <= 0) return -100;
  return roundRatio(
    (current.part * previous.whole - previous.part * current.whole) * 100,
    previous.part * current.whole,
  );
}

/** "+12 %", "−5 %", "0 %" or "—" (fr-FR, a real minus sign, a no-break space before %: never "+19 / %"). */
export function changeLabel(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return '0\u00a0%';
  return `${change > 0 ? '+' : '−'}${formatNumber(Math.abs(change))}\u00a0%`;
}
