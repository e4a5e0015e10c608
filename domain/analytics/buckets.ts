// Time buckets of the "Évolution" chart and the period filter, in local day numbers: the days since
// 1970-01-01 of the company's calendar (its reporting time zone, see docs/dashboard.md). An event's day is
// found once by the worker's Zone; every rule below is then integer arithmetic on days, the same in every
// zone and across DST changes (a day is a day, whether it has 23, 24 or 25 hours).
import type { Period, Selection } from './selection';
import { weekOptions } from './weeks';

export const MONTH_SHORT = ['Jan', 'Fév', 'Mar', 'Avr', 'Mai', 'Juin', 'Juil', 'Août', 'Sep', 'Oct', 'Nov', 'Déc'];
export const WEEK_DAYS = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'];
export const MONTH_BLOCKS = ['Sem 1', 'Sem 2', 'Sem 3', 'Sem 4'];

export const DAY_MS = 86_400_000;

/** The day number of a civil date (month 1-12). */
export const dayNumber = (year: number, month: number, day: number): number =>
  Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);

/**
 * Civil date of a day number, by integer arithmetic (days to civil date, H. Hinnant): called for every day
 * of a table, cheaper than a Date. The result goes to module variables (no object per call).
 */
let cYear = 0;
let cMonth = 0;
let cDay = 0;
function civil(day: number): void {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  cMonth = mp < 10 ? mp + 2 : mp - 10; // 0-11
  cYear = yoe + era * 400 + (cMonth <= 1 ? 1 : 0);
  cDay = doy - Math.floor((153 * mp + 2) / 5) + 1;
}

/** Year, month (1-12), day of month and weekday (0 Monday … 6 Sunday) of a day number. */
export function civilOf(day: number): { year: number; month: number; day: number; weekday: number } {
  civil(day);
  return { year: cYear, month: cMonth + 1, day: cDay, weekday: weekdayOf(day) };
}

export function yearOf(day: number): number {
  civil(day);
  return cYear;
}

/** 0 for Monday … 6 for Sunday; 1970-01-01 was a Thursday. */
export const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;

/** "YYYY-MM-DD" of a day number. */
export function isoOf(day: number): string {
  civil(day);
  return `${cYear}-${String(cMonth + 1).padStart(2, '0')}-${String(cDay).padStart(2, '0')}`;
}

/** The day number of "YYYY-MM-DD", or null when it is not a real date. */
export function dayOfIso(iso: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = dayNumber(y, mo, d);
  civil(day);
  return cYear === y && cMonth + 1 === mo && cDay === d ? day : null;
}

/** What a period keeps and how it cuts its days into the chart's buckets. */
export interface PeriodPlan {
  /** Every event, untimed ones included in the figures (never in the chart). */
  all: boolean;
  /** Kept days [from, to) (for all_time: the years shown). */
  from: number;
  to: number;
  labels: string[];
  /** Bucket of a day inside [from, to). */
  bucketOfDay: (day: number) => number;
}

export type PeriodFields = Pick<Selection, 'period' | 'year' | 'month' | 'week'> & {
  from?: string | null;
  to?: string | null;
};

/** Days a custom range may cut per bucket: a day up to 31 days, a week up to 186 (~6 months), a month beyond. */
export const DAY_BUCKETS_UP_TO = 31;
export const WEEK_BUCKETS_UP_TO = 186;

const monthIndex = (day: number): number => {
  civil(day);
  return cYear * 12 + cMonth;
};

const dayLabel = (day: number): string => {
  civil(day);
  return `${String(cDay).padStart(2, '0')}/${String(cMonth + 1).padStart(2, '0')}`;
};

/** The days [from, to) a selection keeps (all_time: everything). */
export function periodDays(s: PeriodFields): { from: number; to: number } {
  if (s.period === 'all_time') return { from: -Infinity, to: Infinity };
  if (s.period === 'year') return { from: dayNumber(s.year, 1, 1), to: dayNumber(s.year + 1, 1, 1) };
  if (s.period === 'month') return { from: dayNumber(s.year, s.month, 1), to: dayNumber(s.year, s.month + 1, 1) };
  if (s.period === 'custom') {
    const from = dayOfIso(s.from) ?? 0;
    const to = dayOfIso(s.to) ?? from;
    return { from, to: Math.max(from, to) + 1 };
  }
  const blocks = weekOptions(s.year, s.month);
  const block = blocks[s.week - 1] ?? blocks.at(-1)!;
  return { from: dayNumber(s.year, s.month, block.start), to: dayNumber(s.year, s.month, block.end + 1) };
}

/** The plan of a period; all_time shows one bucket per year from firstYear to lastYear. */
export function periodPlan(s: PeriodFields, firstYear: number, lastYear: number): PeriodPlan {
  if (s.period === 'all_time') {
    const years: string[] = [];
    for (let y = firstYear; y <= lastYear; y++) years.push(String(y));
    return {
      all: true,
      from: dayNumber(firstYear, 1, 1),
      to: dayNumber(lastYear + 1, 1, 1),
      labels: years,
      bucketOfDay: (d) => yearOf(d) - firstYear,
    };
  }
  const { from, to } = periodDays(s);
  if (s.period === 'year') return { all: false, from, to, labels: MONTH_SHORT, bucketOfDay: (d) => (civil(d), cMonth) };
  // (day of month − 1) / 7, capped at the fourth block: days 29-31 count in "Sem 4".
  if (s.period === 'month')
    return {
      all: false,
      from,
      to,
      labels: MONTH_BLOCKS,
      bucketOfDay: (d) => (civil(d), Math.min(Math.floor((cDay - 1) / 7), 3)),
    };
  if (s.period === 'week') return { all: false, from, to, labels: WEEK_DAYS, bucketOfDay: weekdayOf };
  return customPlan(from, to);
}

/** A custom range: by day, by 7 days from its first day, or by calendar month, after its length. */
function customPlan(from: number, to: number): PeriodPlan {
  const length = to - from;
  const labels: string[] = [];
  if (length <= DAY_BUCKETS_UP_TO) {
    for (let d = from; d < to; d++) labels.push(dayLabel(d));
    return { all: false, from, to, labels, bucketOfDay: (d) => d - from };
  }
  if (length <= WEEK_BUCKETS_UP_TO) {
    for (let d = from; d < to; d += 7) labels.push(dayLabel(d));
    return { all: false, from, to, labels, bucketOfDay: (d) => Math.floor((d - from) / 7) };
  }
  const first = monthIndex(from);
  const last = monthIndex(to - 1);
  for (let m = first; m <= last; m++) labels.push(`${MONTH_SHORT[m % 12]} ${Math.floor(m / 12)}`);
  return { all: false, from, to, labels, bucketOfDay: (d) => monthIndex(d) - first };
}

/**
 * The period before the selected one, cut into the same buckets so the two series align bucket by bucket:
 * the previous year, the previous month, the same number of days just before a week block or a custom
 * range (all_time has none: an empty plan).
 */
export function previousPlan(s: PeriodFields): PeriodPlan {
  const current = periodPlan(s, 0, 0);
  if (s.period === 'all_time') return { all: false, from: 0, to: 0, labels: [], bucketOfDay: () => -1 };
  if (s.period === 'year') return periodPlan({ ...s, year: s.year - 1 }, 0, 0);
  if (s.period === 'month')
    return periodPlan(
      { ...s, year: s.month === 1 ? s.year - 1 : s.year, month: s.month === 1 ? 12 : s.month - 1 },
      0,
      0,
    );
  const length = current.to - current.from;
  const from = current.from - length;
  if (s.period === 'week') return { all: false, from, to: current.from, labels: WEEK_DAYS, bucketOfDay: weekdayOf };
  // Same length, same cut; a range of months may span one month more or less: its last bucket takes it.
  const before = customPlan(from, current.from);
  const n = current.labels.length;
  return { ...before, labels: current.labels, bucketOfDay: (d) => Math.min(before.bucketOfDay(d), n - 1) };
}

/** The first and last day of each bucket inside the plan's days (NaN for a bucket without days). */
export function bucketSpans(plan: PeriodPlan): { first: number[]; last: number[] } {
  const first = new Array<number>(plan.labels.length).fill(NaN);
  const last = new Array<number>(plan.labels.length).fill(NaN);
  for (let d = plan.from; d < plan.to; d++) {
    const b = plan.bucketOfDay(d);
    if (b < 0 || b >= plan.labels.length) continue;
    if (Number.isNaN(first[b])) first[b] = d;
    last[b] = d;
  }
  return { first, last };
}

/**
 * Buckets shown as the period runs: after today none has a value; the one holding today is partial. A
 * bucket with no day of the period (a weekday outside a short week block: "Semaine 5 (29-31)" has no
 * Monday) has no value either: not drawn, rather than drawn as a zero.
 */
export function bucketTimeline(plan: PeriodPlan, today: number): { future: boolean[]; partial: number } {
  const { first, last } = bucketSpans(plan);
  const future = first.map((f) => Number.isNaN(f) || f > today);
  const partial = first.findIndex((f, i) => f <= today && today <= last[i]);
  return { future, partial };
}

/** The bucket labels of a fixed period (kept for the period types of docs/product.md). */
export function bucketLabels(period: Exclude<Period, 'custom'>, firstYear: number, lastYear: number): string[] {
  return periodPlan({ period, year: firstYear, month: 1, week: 1, from: null, to: null }, firstYear, lastYear).labels;
}
