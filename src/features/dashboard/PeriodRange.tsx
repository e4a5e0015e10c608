// "Personnalisée": two dates, "Du" and "Au" (inclusive, French calendar), and the quick ranges ending
// today. The range reaches the URL as du=YYYY-MM-DD&au=YYYY-MM-DD (see selectionToParams).
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';

import { DAY_MS, dayOfIso, isoOf } from '../../domain/analytics/buckets';
import { QUICK_RANGES, quickRange, type Selection } from '../../domain/analytics/selection';
import { CALENDAR_LOCALE } from '../users/calendarFr';

/** A day number as the Date the Calendar shows (local midnight of that calendar date). */
const toDate = (iso: string | null): Date | null => {
  const d = dayOfIso(iso);
  if (d === null) return null;
  const u = new Date(d * DAY_MS);
  return new Date(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate());
};
const toIso = (d: Date | null | undefined): string | null =>
  d ? isoOf(Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS)) : null;

interface Props {
  from: string | null;
  to: string | null;
  now: Date;
  update: (patch: Partial<Selection>) => void;
}

export function PeriodRange({ from, to, now, update }: Props) {
  const max = toDate(isoOf(Math.floor(now.getTime() / DAY_MS)))!;
  return (
    <div className="period-range">
      <div className="control-row">
        <div className="control-field">
          <label htmlFor="dashboard-du">Du</label>
          <Calendar
            inputId="dashboard-du"
            value={toDate(from)}
            onChange={(e) => update({ from: toIso(e.value) })}
            dateFormat="dd/mm/yy"
            locale={CALENDAR_LOCALE}
            maxDate={max}
            showIcon
          />
        </div>
        <div className="control-field">
          <label htmlFor="dashboard-au">Au</label>
          <Calendar
            inputId="dashboard-au"
            value={toDate(to)}
            onChange={(e) => update({ to: toIso(e.value) })}
            dateFormat="dd/mm/yy"
            locale={CALENDAR_LOCALE}
            maxDate={max}
            showIcon
          />
        </div>
      </div>
      <div className="quick-ranges" role="group" aria-label="Périodes rapides">
        {QUICK_RANGES.map((q) => (
          <Button
            key={q.label}
            type="button"
            size="small"
            outlined
            label={q.label}
            onClick={() => update({ period: 'custom', ...quickRange(q, now) })}
          />
        ))}
      </div>
    </div>
  );
}
