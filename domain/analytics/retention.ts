// The events' retention as the server tells it (GET /api/ProductStatistics/Retention, docs/privacy.md):
// the dashboard offers no year or month older than the oldest month kept.
import { z } from 'zod';

export const retentionSchema = z.object({
  /** EVENTS_RETENTION_MONTHS: the current month and the months − 1 before it are kept. */
  months: z.number().int().min(1),
  /** The oldest month kept, "YYYY-MM" (UTC months): older events are purged. */
  oldestMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});
export type Retention = z.infer<typeof retentionSchema>;

/** A calendar month; `month` is 1..12. */
export interface YearMonth {
  year: number;
  month: number;
}

export const yearMonthOf = (oldestMonth: string): YearMonth => ({
  year: Number(oldestMonth.slice(0, 4)),
  month: Number(oldestMonth.slice(5, 7)),
});
