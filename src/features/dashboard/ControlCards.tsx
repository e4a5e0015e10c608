// The three control cards of docs/product.md §1.2: company and scope, analysis type, period.
import { useAtomValue, useSetAtom } from 'jotai';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { memo } from 'react';

import type { Entreprise } from '../../api/entreprises';
import { useEntreprisesQuery } from '../../api/queries/entreprises';
import { useLoggedError } from '../../api/queries/useLoggedError';
import type { ProductRef } from '../../domain/analytics/fields';
import {
  COUNTING_LABELS,
  COUNTINGS,
  localNow,
  METRIC_LABELS,
  METRICS,
  MONTH_NAMES,
  monthOptions,
  PERIOD_LABELS,
  PERIODS,
  type Selection,
  weekChoices,
  yearOptions,
} from '../../domain/analytics/selection';
import { chooseCompanyAtom, selectionAtom, updateSelectionAtom } from './atoms';
import { PeriodRange } from './PeriodRange';
import { TimeZoneEditor } from './TimeZoneEditor';

const NO_COMPANIES: Entreprise[] = [];

interface Props {
  /** The company's reporting time zone: its calendar gives "today" and the period's edges. */
  timeZone: string;
  isAdmin: boolean;
  companyName: string | null;
  products: ProductRef[];
  productsLoading: boolean;
  /** An Admin changed the company's zone (stable: the cards are memoised). */
  onTimeZoneSaved: (companyId: number, timeZone: string) => void;
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="control-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="muted">{hint}</small>}
    </div>
  );
}

export const ControlCards = memo(function ControlCards({
  timeZone,
  isAdmin,
  companyName,
  products,
  productsLoading,
  onTimeZoneSaved,
}: Props) {
  const s = useAtomValue(selectionAtom);
  const update = useSetAtom(updateSelectionAtom);
  const chooseCompany = useSetAtom(chooseCompanyAtom);
  // Only Admins load the company list (docs/product.md §1.6); a failure is only logged.
  const companiesQuery = useEntreprisesQuery(isAdmin);
  useLoggedError(companiesQuery.error, 'Error fetching companies');
  const companies = (isAdmin && companiesQuery.data) || NO_COMPANIES;
  const now = localNow(timeZone);

  const scopeHint = productsLoading
    ? 'Chargement des produits...'
    : s.companyId === null
      ? "Sélectionnez d'abord une entreprise"
      : s.scope === 'all'
        ? `Analyse globale de ${products.length} produits`
        : 'Analyse spécifique du produit sélectionné';

  const scopeOptions = [
    { label: 'Tous les produits', value: 'all' as const },
    ...products.map((p) => ({ label: p.name, value: p.id })),
  ];
  const periodUsesYear = s.period !== 'all_time';
  const periodUsesMonth = s.period === 'month' || s.period === 'week';

  return (
    <div className="control-cards">
      <section className="card control-card" aria-labelledby="card-entreprise">
        <h2 id="card-entreprise">
          <i className="pi pi-building" aria-hidden="true" /> Entreprise &amp; Produits
        </h2>
        <Field id="dashboard-company" label="Entreprise">
          {isAdmin ? (
            <Dropdown
              inputId="dashboard-company"
              value={s.companyId}
              options={companies.map((c) => ({ label: c.nomEntreprise, value: c.entrepriseId }))}
              onChange={(e) => chooseCompany((e.value as number | null) ?? null)}
              placeholder="-- Choisir une entreprise --"
              showClear
              filter={companies.length > 8}
            />
          ) : (
            <InputText id="dashboard-company" value={companyName ?? ''} disabled />
          )}
        </Field>
        <Field id="dashboard-scope" label="Scope d'analyse" hint={scopeHint}>
          <Dropdown
            inputId="dashboard-scope"
            value={s.scope}
            options={scopeOptions}
            onChange={(e) => update({ scope: e.value as Selection['scope'] })}
            disabled={s.companyId === null || productsLoading}
            filter={products.length > 8}
            // A company may have hundreds of products: only the visible options are rendered.
            virtualScrollerOptions={products.length > 50 ? { itemSize: 38 } : undefined}
          />
        </Field>
      </section>

      <section className="card control-card" aria-labelledby="card-type">
        <h2 id="card-type">
          <i className="pi pi-chart-bar" aria-hidden="true" /> Type d'analyse
        </h2>
        <Field id="dashboard-metric" label="Métrique" hint={METRIC_LABELS[s.metric].description}>
          <Dropdown
            inputId="dashboard-metric"
            value={s.metric}
            options={METRICS.map((m) => ({ label: METRIC_LABELS[m].label, value: m }))}
            onChange={(e) => update({ metric: e.value as Selection['metric'] })}
          />
        </Field>
        <Field id="dashboard-counting" label="Type de comptage">
          <Dropdown
            inputId="dashboard-counting"
            value={s.counting}
            options={COUNTINGS.map((c) => ({ label: COUNTING_LABELS[c], value: c }))}
            onChange={(e) => update({ counting: e.value as Selection['counting'] })}
          />
        </Field>
      </section>

      <section className="card control-card" aria-labelledby="card-periode">
        <h2 id="card-periode">
          <i className="pi pi-calendar" aria-hidden="true" /> Période d'analyse
        </h2>
        <Field id="dashboard-period" label="Type de période">
          <Dropdown
            inputId="dashboard-period"
            value={s.period}
            options={PERIODS.map((p) => ({ label: PERIOD_LABELS[p], value: p }))}
            onChange={(e) => update({ period: e.value as Selection['period'] })}
          />
        </Field>
        {s.period === 'custom' && <PeriodRange s={s} now={now} update={update} />}
        <div className="control-row" hidden={s.period === 'custom'}>
          <Field id="dashboard-year" label="Année">
            <Dropdown
              inputId="dashboard-year"
              value={s.year}
              options={yearOptions(now).map((y) => ({ label: String(y), value: y }))}
              onChange={(e) => update({ year: e.value as number, month: 12, week: 9 })}
              disabled={!periodUsesYear}
            />
          </Field>
          <Field id="dashboard-month" label="Mois">
            <Dropdown
              inputId="dashboard-month"
              value={s.month}
              options={monthOptions(s.year, now).map((m) => ({ label: MONTH_NAMES[m - 1], value: m }))}
              onChange={(e) => update({ month: e.value as number, week: 9 })}
              disabled={!periodUsesMonth}
            />
          </Field>
        </div>
        {s.period !== 'custom' && (
          <Field id="dashboard-week" label="Semaine">
            <Dropdown
              inputId="dashboard-week"
              value={s.week}
              options={weekChoices(s.year, s.month, now).map((w) => ({ label: w.label, value: w.week }))}
              onChange={(e) => update({ week: e.value as number })}
              disabled={s.period !== 'week'}
            />
          </Field>
        )}
        <div className="control-switch">
          <InputSwitch
            inputId="dashboard-compare"
            checked={s.compare && s.period !== 'all_time'}
            onChange={(e) => update({ compare: Boolean(e.value) })}
            disabled={s.period === 'all_time'}
          />
          <label htmlFor="dashboard-compare">Comparer à la période précédente</label>
        </div>
        <TimeZoneEditor companyId={s.companyId} timeZone={timeZone} canEdit={isAdmin} onSaved={onTimeZoneSaved} />
      </section>
    </div>
  );
});
