// The events' retention as the server tells it (GET /api/ProductStatistics/Retention, docs/privacy.md):
// the dashboard offers no year or month older than the oldest month kept. No zod here: the dashboard reads
// it at its first paint, and zod stays out of its first load (docs/performance.md); the server's response
// schema is retentionSchema.ts, built on the same pattern.

/** A month, "YYYY-MM". */
export const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface Retention {
  /** EVENTS_RETENTION_MONTHS: the current month and the months − 1 before it are kept. */
  months: number;
  /** The oldest month kept, "YYYY-MM" (UTC months): older events are purged. */
  oldestMonth: string;
}

/** The server's answer checked as retentionSchema checks it; a malformed one throws (the caller logs it). */
export function readRetention(body: unknown): Retention {
  const r = body as Partial<Retention> | null;
  if (
    !r ||
    typeof r.months !== 'number' ||
    !Number.isInteger(r.months) ||
    r.months < 1 ||
    typeof r.oldestMonth !== 'string' ||
    !YEAR_MONTH.test(r.oldestMonth)
  )
    throw new Error('Réponse de rétention invalide');
  return { months: r.months, oldestMonth: r.oldestMonth };
}

/** A calendar month; `month` is 1..12. */
export interface YearMonth {
  year: number;
  month: number;
}

export const yearMonthOf = (oldestMonth: string): YearMonth => ({
  year: Number(oldestMonth.slice(0, 4)),
  month: Number(oldestMonth.slice(5, 7)),
});
