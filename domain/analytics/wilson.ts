// The 95 % Wilson score interval of a proportion (docs/dashboard.md "3D and AR insight"): unlike the normal
// approximation it stays inside [0, 1] and is honest for small counts and rates near 0 or 1, which is what a
// product's quote rate (a few quotes out of tens of visits) looks like.

/** The normal quantile of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** The interval of `successes` out of `trials` (null without any trial). */
export function wilson(successes: number, trials: number, z = Z_95): Interval | null {
  if (!(trials > 0)) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
