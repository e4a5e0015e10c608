// Time buckets of the "Évolution" chart (spec 1 section 7) and the UTC period filter (section 5).
import type { Period, Selection } from './selection';
import { weekOptions } from './selection';

export const MONTH_SHORT = ['Jan', 'Fév', 'Mar', 'Avr', 'Mai', 'Juin', 'Juil', 'Août', 'Sep', 'Oct', 'Nov', 'Déc'];
export const WEEK_DAYS = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'];
export const MONTH_BLOCKS = ['Sem 1', 'Sem 2', 'Sem 3', 'Sem 4'];

/** The UTC range [from, to) of events a selection keeps; all_time keeps everything. */
export function periodRange(s: Pick<Selection, 'period' | 'year' | 'month' | 'week'>): { from: number; to: number } {
  if (s.period === 'all_time') return { from: -Infinity, to: Infinity };
  if (s.period === 'year') return { from: Date.UTC(s.year, 0, 1), to: Date.UTC(s.year + 1, 0, 1) };
  if (s.period === 'month') return { from: Date.UTC(s.year, s.month - 1, 1), to: Date.UTC(s.year, s.month, 1) };
  const block = weekOptions(s.year, s.month)[s.week - 1] ?? weekOptions(s.year, s.month).at(-1)!;
  return { from: Date.UTC(s.year, s.month - 1, block.start), to: Date.UTC(s.year, s.month - 1, block.end + 1) };
}

/** The labels of the chart's buckets. all_time: one per year from firstYear to lastYear. */
export function bucketLabels(period: Period, firstYear: number, lastYear: number): string[] {
  if (period === 'year') return MONTH_SHORT;
  if (period === 'month') return MONTH_BLOCKS;
  if (period === 'week') return WEEK_DAYS;
  const years: string[] = [];
  for (let y = firstYear; y <= lastYear; y++) years.push(String(y));
  return years;
}

export const DAY_MS = 86_400_000;

/**
 * UTC calendar parts of a time in ms, by integer arithmetic (days to civil date, H. Hinnant): the
 * engine calls this for every event, and a Date per event cost more than the rest of the pass. The
 * result goes to module variables (no object per event).
 */
let cYear = 0;
let cMonth = 0;
let cDay = 0;
function civil(time: number): void {
  const z = Math.floor(time / DAY_MS) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  cMonth = mp < 10 ? mp + 2 : mp - 10; // 0-11
  cYear = yoe + era * 400 + (cMonth <= 1 ? 1 : 0);
  cDay = doy - Math.floor((153 * mp + 2) / 5) + 1;
}

/** getUTCFullYear, getUTCMonth, getUTCDate and getUTCDay of a time, without a Date. */
export function utcParts(time: number): { year: number; month: number; day: number; weekday: number } {
  civil(time);
  return { year: cYear, month: cMonth, day: cDay, weekday: utcWeekday(time) };
}

export function utcYear(time: number): number {
  civil(time);
  return cYear;
}

/** 0 for Sunday, as getUTCDay(); 1970-01-01 was a Thursday. */
const utcWeekday = (time: number): number => (((Math.floor(time / DAY_MS) + 4) % 7) + 7) % 7;

/** The bucket index of a timestamp (ms, UTC). all_time: years after firstYear. */
export function bucketOf(period: Period, time: number, firstYear: number): number {
  // Monday first: the weekday is 0 for Sunday.
  if (period === 'week') return (utcWeekday(time) + 6) % 7;
  civil(time);
  if (period === 'year') return cMonth;
  // (day of month − 1) / 7, capped at the fourth block: days 29-31 count in "Sem 4".
  if (period === 'month') return Math.min(Math.floor((cDay - 1) / 7), 3);
  return cYear - firstYear;
}
