// "Personnalisée": two dates, "Du" and "Au" (inclusive, French calendar), and the quick ranges ending
// today. The range reaches the URL as du=YYYY-MM-DD&au=YYYY-MM-DD (see selectionToParams).
import { Button } from 'primereact/button';
import { lazy, Suspense } from 'react';

import { DAY_MS, dayOfIso, isoOf } from '#domain/analytics/buckets';
import { QUICK_RANGES, quickRange, type Selection } from '#domain/analytics/selection';

// The Calendar (about 20 KiB gzip) loads when a custom range is first shown, not with the dashboard.
const PeriodCalendar = lazy(() => import('./PeriodCalendar'));

/** A day number as the Date the Calendar shows (local midnight of that calendar date). */
const toDate = (iso: string | null): Date | null => {
  const d = dayOfIso(iso);
  if (d === null) return null;
  const u = new Date(d * DAY_MS);
  return new Date(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate());
};
const toIso = (d: Date | null | undefined): string | null =>
  d ? isoOf(Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS)) : null;

/** Until the Calendar is there: the same field, disabled, with the date it will show (no shift when it comes). */
function PendingCalendar({ inputId, iso }: { inputId: string; iso: string | null }) {
  const shown = iso ? iso.split('-').reverse().join('/') : '';
  return (
    <span className="p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right">
      <input id={inputId} className="p-inputtext p-component" value={shown} disabled readOnly />
      <button
        type="button"
        className="p-button p-component p-datepicker-trigger p-button-icon-only"
        disabled
        tabIndex={-1}
        aria-hidden="true"
      >
        <span className="p-button-icon pi pi-calendar" />
      </button>
    </span>
  );
}

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
          <Suspense fallback={<PendingCalendar inputId="dashboard-du" iso={from} />}>
            <PeriodCalendar
              inputId="dashboard-du"
              value={toDate(from)}
              onChange={(e) => update({ from: toIso(e.value) })}
              maxDate={max}
            />
          </Suspense>
        </div>
        <div className="control-field">
          <label htmlFor="dashboard-au">Au</label>
          <Suspense fallback={<PendingCalendar inputId="dashboard-au" iso={to} />}>
            <PeriodCalendar
              inputId="dashboard-au"
              value={toDate(to)}
              onChange={(e) => update({ to: toIso(e.value) })}
              maxDate={max}
            />
          </Suspense>
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
