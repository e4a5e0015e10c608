// The dashboard selections of spec 1 section 4, their labels (section 9), defaults and URL form.
export const METRICS = ['consultation', 'engagement', 'ar_usage', 'conversion'] as const;
export type Metric = (typeof METRICS)[number];
export const COUNTINGS = ['total', 'unique_users'] as const;
export type Counting = (typeof COUNTINGS)[number];
export const PERIODS = ['all_time', 'week', 'month', 'year'] as const;
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
};
export const MONTH_NAMES = ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin', 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre'];
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
}

/** Years 2020 up to the current year. */
export function yearOptions(now: Date): number[] {
  const years: number[] = [];
  for (let y = FIRST_YEAR; y <= now.getUTCFullYear(); y++) years.push(y);
  return years;
}

/** 12 months, or up to the current month for the current year. */
export function monthOptions(year: number, now: Date): number[] {
  const last = year === now.getUTCFullYear() ? now.getUTCMonth() + 1 : 12;
  return Array.from({ length: last }, (_, i) => i + 1);
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export interface WeekBlock {
  week: number;
  start: number;
  end: number;
  label: string;
}

/** Consecutive 7-day blocks from the 1st, the last cut at month end: "Semaine N (start-end)". */
export function weekOptions(year: number, month: number): WeekBlock[] {
  const days = daysInMonth(year, month);
  const blocks: WeekBlock[] = [];
  for (let start = 1, week = 1; start <= days; start += 7, week++) {
    const end = Math.min(start + 6, days);
    blocks.push({ week, start, end, label: `Semaine ${week} (${start}-${end})` });
  }
  return blocks;
}

export function defaultSelection(now: Date): Selection {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return { companyId: null, scope: 'all', metric: 'consultation', counting: 'total', period: 'month', year, month, week: weekOptions(year, month).length };
}

/** Keeps month and week inside what the year and month allow (latest month, last week by default). */
export function clampSelection(s: Selection, now: Date): Selection {
  const years = yearOptions(now);
  const year = Math.min(Math.max(s.year, years[0]), years[years.length - 1]);
  const months = monthOptions(year, now);
  const month = Math.min(Math.max(s.month, 1), months[months.length - 1]);
  const weeks = weekOptions(year, month);
  const week = Math.min(Math.max(s.week, 1), weeks.length);
  return { ...s, year, month, week };
}

const pick = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
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
  return p;
}
