// The week blocks of a month (the period filter's "Semaine N (début-fin)" and the chart's month buckets):
// plain calendar arithmetic, read by selection.ts and buckets.ts alike.

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

/** The block of the month holding this day of the month. */
export const weekOfDay = (day: number): number => Math.floor((day - 1) / 7) + 1;
