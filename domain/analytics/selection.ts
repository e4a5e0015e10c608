// The dashboard selections, their labels, defaults and URL form. "now" is a Date whose UTC date is today in
// the company's reporting zone (see localNow): the options and defaults follow the company's calendar.
import { DAY_MS, dayNumber, dayOfIso, isoOf } from './buckets';
import type { YearMonth } from './retention';
import { type WeekBlock, weekOfDay, weekOptions } from './weeks';
import { DEFAULT_TIME_ZONE, todayIn } from './zone';

export const METRICS = ['consultation', 'engagement', 'ar_usage', 'conversion'] as const;
export type Metric = (typeof METRICS)[number];
export const COUNTINGS = ['total', 'unique_users'] as const;
export type Counting = (typeof COUNTINGS)[number];
export const PERIODS = ['all_time', 'week', 'month', 'year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export const METRIC_LABELS: Record<Metric, { label: string; description: string }> = {
  consultation: { label: 'Taux de consultation', description: 'Sessions de visualisation 3D' },
  engagement: { label: 'Engagement utilisateur', description: 'Temps passé et interactions' },
  ar_usage: { label: 'Utilisation AR', description: 'Essais de réalité augmentée' },
  conversion: { label: 'Taux de conversion', description: 'Demandes de devis et contacts' },
};
export const COUNTING_LABELS: Record<Counting, string> = {
  total: "Nombre total d'événements",
  unique_users: 'Utilisateurs uniques',
};
export const PERIOD_LABELS: Record<Period, string> = {
  all_time: 'Toutes les données',
  week: 'Semaine',
  month: 'Mois',
  year: 'Année',
  custom: 'Personnalisée',
};
export const MONTH_NAMES = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
];
export const FIRST_YEAR = 2020;

/** "all" or a product id. */
export type Scope = 'all' | number;

export interface Selection {
  companyId: number | null;
  scope: Scope;
  metric: Metric;
  counting: Counting;
  period: Period;
  year: number;
  /** 1..12 */
  month: number;
  /** 1-based 7-day block of the month. */
  week: number;
  /** A custom range's first and last day (inclusive), "YYYY-MM-DD"; null unless period is custom. */
  from: string | null;
  to: string | null;
  /** Compare with the previous period of the same length. */
  compare: boolean;
}

/** A Date whose UTC date is today in this zone (what the selection rules read as "now"). */
export const localNow = (timeZone: string = DEFAULT_TIME_ZONE, now: number = Date.now()): Date =>
  new Date(todayIn(timeZone, now) * DAY_MS);

/**
 * Years 2020 (or that of the oldest month the server keeps: ./retention.ts) up to the current year. Never
 * empty: a retention newer than `now` still offers the current year.
 */
export function yearOptions(now: Date, oldest?: YearMonth | null): number[] {
  const years: number[] = [];
  const first = Math.min(Math.max(FIRST_YEAR, oldest?.year ?? FIRST_YEAR), now.getUTCFullYear());
  for (let y = first; y <= now.getUTCFullYear(); y++) years.push(y);
  return years;
}

/** 12 months, up to the current month for the current year, from the oldest month kept for its year. */
export function monthOptions(year: number, now: Date, oldest?: YearMonth | null): number[] {
  const last = year === now.getUTCFullYear() ? now.getUTCMonth() + 1 : 12;
  const first = oldest && year === oldest.year ? Math.min(oldest.month, last) : 1;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export { daysInMonth, type WeekBlock, weekOfDay, weekOptions } from './weeks';

/** The blocks a user may pick: those already begun (this month's future blocks hold nothing yet). */
export function weekChoices(year: number, month: number, now: Date): WeekBlock[] {
  const all = weekOptions(year, month);
  if (year !== now.getUTCFullYear() || month !== now.getUTCMonth() + 1) return all;
  return all.slice(0, weekOfDay(now.getUTCDate()));
}

/** The period containing today: this month, and the week block holding today. */
export function defaultSelection(now: Date): Selection {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return {
    companyId: null,
    scope: 'all',
    metric: 'consultation',
    counting: 'total',
    period: 'month',
    year,
    month,
    week: weekOfDay(now.getUTCDate()),
    from: null,
    to: null,
    compare: false,
  };
}

/** Quick custom ranges ending today: "7 derniers jours" … "12 derniers mois". */
export const QUICK_RANGES = [
  { label: '7 derniers jours', days: 7 },
  { label: '30 derniers jours', days: 30 },
  { label: '90 derniers jours', days: 90 },
  { label: '12 derniers mois', months: 12 },
] as const;

export function quickRange(q: (typeof QUICK_RANGES)[number], now: Date): { from: string; to: string } {
  const today = Math.floor(now.getTime() / DAY_MS);
  if ('days' in q) return { from: isoOf(today - q.days + 1), to: isoOf(today) };
  // The same day 12 months back, the next day: a year of days ending today.
  const from = dayNumber(now.getUTCFullYear(), now.getUTCMonth() + 1 - q.months, now.getUTCDate()) + 1;
  return { from: isoOf(from), to: isoOf(today) };
}

/**
 * Keeps month and week inside what the year and month allow (latest month, last week by default), and
 * nothing before the oldest month the server keeps, when known.
 */
export function clampSelection(s: Selection, now: Date, oldest?: YearMonth | null): Selection {
  const years = yearOptions(now, oldest);
  const year = Math.min(Math.max(s.year, years[0]), years[years.length - 1]);
  const months = monthOptions(year, now, oldest);
  const month = Math.min(Math.max(s.month, months[0]), months[months.length - 1]);
  const weeks = weekChoices(year, month, now);
  const week = Math.min(Math.max(s.week, 1), weeks.length);
  // A custom range: two real dates in order, not after today (a missing one: the last 30 days).
  const today = Math.floor(now.getTime() / DAY_MS);
  let from = dayOfIso(s.from);
  let to = dayOfIso(s.to);
  if (s.period !== 'custom') return { ...s, year, month, week, from: null, to: null };
  if (to === null || to > today) to = today;
  if (from === null) from = to - 29;
  if (from > to) [from, to] = [to, from];
  const firstDay = oldest ? dayNumber(oldest.year, oldest.month, 1) : dayNumber(FIRST_YEAR, 1, 1);
  return { ...s, year, month, week, from: isoOf(Math.min(Math.max(from, firstDay), to)), to: isoOf(to) };
}

const pick = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;
const int = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** A selection read from URL search params (a bookmarked view), defaults for anything missing. */
export function selectionFromParams(params: URLSearchParams, now: Date): Selection {
  const d = defaultSelection(now);
  const scope = int(params.get('produit'));
  return clampSelection(
    {
      companyId: int(params.get('entreprise')),
      scope: scope ?? 'all',
      metric: pick(METRICS, params.get('metrique'), d.metric),
      counting: pick(COUNTINGS, params.get('comptage'), d.counting),
      period: pick(PERIODS, params.get('periode'), d.period),
      year: int(params.get('annee')) ?? d.year,
      month: int(params.get('mois')) ?? d.month,
      week: int(params.get('semaine')) ?? d.week,
      from: params.get('du'),
      to: params.get('au'),
      compare: params.get('comparer') === '1',
    },
    now,
  );
}

export function selectionToParams(s: Selection): URLSearchParams {
  const p = new URLSearchParams();
  if (s.companyId !== null) p.set('entreprise', String(s.companyId));
  if (s.scope !== 'all') p.set('produit', String(s.scope));
  p.set('metrique', s.metric);
  p.set('comptage', s.counting);
  p.set('periode', s.period);
  p.set('annee', String(s.year));
  p.set('mois', String(s.month));
  p.set('semaine', String(s.week));
  if (s.period === 'custom' && s.from && s.to) {
    p.set('du', s.from);
    p.set('au', s.to);
  }
  if (s.compare) p.set('comparer', '1');
  return p;
}
