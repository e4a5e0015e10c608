// French figures of the insight section: rates in percent, times in seconds, an interval as "[a – b]".
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
const seconds = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export const pct = (v: number | null): string => (v === null ? '—' : percent.format(v));
export const secs = (ms: number | null): string => (ms === null ? '—' : `${seconds.format(ms / 1000)} s`);
export const interval = (low: number | null, high: number | null): string =>
  low === null || high === null ? '—' : `${percent.format(low)} – ${percent.format(high)}`;
/** A difference of rates, in percentage points, signed. */
export const points = (d: number | null): string =>
  d === null ? '—' : `${d > 0 ? '+' : d < 0 ? '−' : ''}${seconds.format(Math.abs(d) * 100)} pt`;
