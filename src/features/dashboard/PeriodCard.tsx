// "Période d'analyse": period type, year, month, week or a custom range, the comparison switch and the
// company's time zone. Options follow the company's calendar ("today" in its zone), memoised per day.
import { useAtomValue, useSetAtom } from 'jotai';
import { InputSwitch } from 'primereact/inputswitch';
import { memo, useCallback, useMemo } from 'react';

import { DAY_MS } from '#domain/analytics/buckets';
import {
  MONTH_NAMES,
  monthOptions,
  type Period,
  PERIOD_LABELS,
  PERIODS,
  weekChoices,
  yearOptions,
} from '#domain/analytics/selection';
import { todayIn } from '#domain/analytics/zone';

import { oldestMonthAtom, selectionFieldAtom, updateSelectionAtom } from './atoms';
import { PeriodRange } from './PeriodRange';
import { type Option, SelectField } from './SelectField';
import { TimeZoneEditor } from './TimeZoneEditor';

const PERIOD_OPTIONS: Array<Option<Period>> = PERIODS.map((p) => ({ label: PERIOD_LABELS[p], value: p }));

interface Props {
  timeZone: string;
  isAdmin: boolean;
  onTimeZoneSaved: (companyId: number, timeZone: string) => void;
}

export const PeriodCard = memo(function PeriodCard({ timeZone, isAdmin, onTimeZoneSaved }: Props) {
  const period = useAtomValue(selectionFieldAtom('period'));
  const year = useAtomValue(selectionFieldAtom('year'));
  const month = useAtomValue(selectionFieldAtom('month'));
  const week = useAtomValue(selectionFieldAtom('week'));
  const compare = useAtomValue(selectionFieldAtom('compare'));
  const from = useAtomValue(selectionFieldAtom('from'));
  const to = useAtomValue(selectionFieldAtom('to'));
  const companyId = useAtomValue(selectionFieldAtom('companyId'));
  const update = useSetAtom(updateSelectionAtom);
  // No year or month older than the retention (docs/privacy.md).
  const oldest = useAtomValue(oldestMonthAtom);

  // A Date whose UTC date is today in the company's zone (what the selection rules read as "now").
  const today = todayIn(timeZone, Date.now());
  const now = useMemo(() => new Date(today * DAY_MS), [today]);
  const years = useMemo(() => yearOptions(now, oldest).map((y) => ({ label: String(y), value: y })), [now, oldest]);
  const months = useMemo(
    () => monthOptions(year, now, oldest).map((m) => ({ label: MONTH_NAMES[m - 1], value: m })),
    [year, now, oldest],
  );
  const weeks = useMemo(
    () => weekChoices(year, month, now).map((w) => ({ label: w.label, value: w.week })),
    [year, month, now],
  );
  const onPeriod = useCallback((value: Period) => update({ period: value }), [update]);
  const onYear = useCallback((value: number) => update({ year: value, month: 12, week: 9 }), [update]);
  const onMonth = useCallback((value: number) => update({ month: value, week: 9 }), [update]);
  const onWeek = useCallback((value: number) => update({ week: value }), [update]);

  return (
    <section className="card control-card" aria-labelledby="card-periode">
      <h2 id="card-periode">
        <i className="pi pi-calendar" aria-hidden="true" /> Période d'analyse
      </h2>
      <SelectField
        id="dashboard-period"
        label="Type de période"
        value={period}
        options={PERIOD_OPTIONS}
        onChange={onPeriod}
      />
      {period === 'custom' && <PeriodRange from={from} to={to} now={now} update={update} />}
      <div className="control-row" hidden={period === 'custom'}>
        <SelectField
          id="dashboard-year"
          label="Année"
          value={year}
          options={years}
          onChange={onYear}
          disabled={period === 'all_time'}
        />
        <SelectField
          id="dashboard-month"
          label="Mois"
          value={month}
          options={months}
          onChange={onMonth}
          disabled={period !== 'month' && period !== 'week'}
        />
      </div>
      {period !== 'custom' && (
        <SelectField
          id="dashboard-week"
          label="Semaine"
          value={week}
          options={weeks}
          onChange={onWeek}
          disabled={period !== 'week'}
        />
      )}
      <div className="control-switch">
        <InputSwitch
          inputId="dashboard-compare"
          checked={compare && period !== 'all_time'}
          onChange={(e) => update({ compare: Boolean(e.value) })}
          disabled={period === 'all_time'}
          // PrimeReact gives the wrapper role="checkbox" around its own focusable <input role="switch">: an
          // interactive control inside another (axe's nested-interactive). The input, labelled below, is
          // the one switch; the wrapper keeps only its look.
          pt={{ root: { role: undefined, 'aria-checked': undefined } }}
        />
        <label htmlFor="dashboard-compare">Comparer à la période précédente</label>
      </div>
      <TimeZoneEditor companyId={companyId} timeZone={timeZone} canEdit={isAdmin} onSaved={onTimeZoneSaved} />
    </section>
  );
});
