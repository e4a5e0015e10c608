// The three control cards of docs/product.md §1.2: company and scope, analysis type, period. Each card
// reads only the selection fields it shows (selectionFieldAtom) and each dropdown is memoised, so a switch
// re-renders the one control that changed (docs/performance.md, "Dashboard at scale").
import { useAtomValue, useSetAtom } from 'jotai';
import { InputText } from 'primereact/inputtext';
import { memo, useCallback, useMemo, useRef } from 'react';

import type { ProductRef } from '#domain/analytics/fields';
import {
  type Counting,
  COUNTING_LABELS,
  COUNTINGS,
  type Metric,
  METRIC_LABELS,
  METRICS,
  type Scope,
} from '#domain/analytics/selection';
import { countOf } from '#domain/format';

import type { Entreprise } from '../../api/entreprises';
import { useEntreprisesQuery } from '../../api/queries/entreprises';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { chooseCompanyAtom, selectionFieldAtom, updateSelectionAtom } from './atoms';
import { PeriodCard } from './PeriodCard';
import { Field, type Option, SelectField } from './SelectField';

const NO_COMPANIES: Entreprise[] = [];
const METRIC_OPTIONS: Array<Option<Metric>> = METRICS.map((m) => ({ label: METRIC_LABELS[m].label, value: m }));
const COUNTING_OPTIONS: Array<Option<Counting>> = COUNTINGS.map((c) => ({ label: COUNTING_LABELS[c], value: c }));

interface Props {
  /** The company's reporting time zone: its calendar gives "today" and the period's edges. */
  timeZone: string;
  isAdmin: boolean;
  companyName: string | null;
  products: ProductRef[];
  productsLoading: boolean;
  /** An Admin changed the company's zone (stable: the cards are memoised). */
  onTimeZoneSaved: (companyId: number, timeZone: string) => void;
  /** Products the list of scopes shows (stable): their views are made ahead (useDashboardView). */
  onScopesShown: (ids: number[]) => void;
}

/** Options an open list shows at once: PrimeReact's 200 px panel, OPTION_HEIGHT per option. */
const SHOWN_OPTIONS = 6;

export const ControlCards = memo(function ControlCards({
  timeZone,
  isAdmin,
  companyName,
  products,
  productsLoading,
  onTimeZoneSaved,
  onScopesShown,
}: Props) {
  return (
    <div className="control-cards">
      <CompanyCard
        isAdmin={isAdmin}
        companyName={companyName}
        products={products}
        productsLoading={productsLoading}
        onScopesShown={onScopesShown}
      />
      <AnalysisTypeCard />
      <PeriodCard timeZone={timeZone} isAdmin={isAdmin} onTimeZoneSaved={onTimeZoneSaved} />
    </div>
  );
});

const CompanyCard = memo(function CompanyCard({
  isAdmin,
  companyName,
  products,
  productsLoading,
  onScopesShown,
}: Pick<Props, 'isAdmin' | 'companyName' | 'products' | 'productsLoading' | 'onScopesShown'>) {
  const companyId = useAtomValue(selectionFieldAtom('companyId'));
  const scope = useAtomValue(selectionFieldAtom('scope'));
  const update = useSetAtom(updateSelectionAtom);
  const chooseCompany = useSetAtom(chooseCompanyAtom);
  // Only Admins load the company list (docs/product.md §1.6); a failure is only logged.
  const companiesQuery = useEntreprisesQuery(isAdmin);
  useLoggedError(companiesQuery.error, 'Error fetching companies');
  const companies = (isAdmin && companiesQuery.data) || NO_COMPANIES;
  const companyOptions = useMemo(
    () => companies.map((c) => ({ label: c.nomEntreprise, value: c.entrepriseId })),
    [companies],
  );
  const scopeOptions = useMemo<Array<Option<Scope>>>(
    () => [{ label: 'Tous les produits', value: 'all' }, ...products.map((p) => ({ label: p.name, value: p.id }))],
    [products],
  );
  const onCompany = useCallback((id: number | null) => chooseCompany(id ?? null), [chooseCompany]);
  const onScope = useCallback((value: Scope) => update({ scope: value }), [update]);
  // The products the open list shows: from the first in view once scrolled; else from the chosen one (the
  // list opens on it) or, searched, the first matches (PrimeReact's "contains", near enough for a guess).
  const matches = useRef({ of: scopeOptions, filter: '', options: scopeOptions });
  const onScopeShown = useCallback(
    (filter: string, first?: number) => {
      const f = filter.trim().toLocaleLowerCase('fr');
      // Kept per search: a scroll tells again, every SCROLL_TELL_MS, among the same matches.
      if (matches.current.of !== scopeOptions || matches.current.filter !== f)
        matches.current = {
          of: scopeOptions,
          filter: f,
          options: f ? scopeOptions.filter((o) => o.label.toLocaleLowerCase('fr').includes(f)) : scopeOptions,
        };
      const matching = matches.current.options;
      const from = first ?? Math.max(0, f ? 0 : matching.findIndex((o) => o.value === scope));
      const shown = matching.slice(from, from + SHOWN_OPTIONS).map((o) => o.value);
      onScopesShown(shown.filter((v): v is number => v !== 'all'));
    },
    [scopeOptions, scope, onScopesShown],
  );

  const scopeHint = productsLoading
    ? 'Chargement des produits...'
    : companyId === null
      ? "Sélectionnez d'abord une entreprise"
      : scope === 'all'
        ? `Analyse globale de ${countOf(products.length, 'produit')}`
        : 'Analyse spécifique du produit sélectionné';

  return (
    <section className="card control-card" aria-labelledby="card-entreprise">
      <h2 id="card-entreprise">
        <i className="pi pi-building" aria-hidden="true" /> Entreprise &amp; Produits
      </h2>
      {isAdmin ? (
        <SelectField
          id="dashboard-company"
          label="Entreprise"
          value={companyId}
          options={companyOptions}
          onChange={onCompany}
          placeholder="-- Choisir une entreprise --"
          showClear
          filter={companies.length > 8}
        />
      ) : (
        <Field id="dashboard-company" label="Entreprise">
          <InputText id="dashboard-company" value={companyName ?? ''} disabled />
        </Field>
      )}
      <SelectField
        id="dashboard-scope"
        label="Scope d'analyse"
        hint={scopeHint}
        value={scope}
        options={scopeOptions}
        onChange={onScope}
        disabled={companyId === null || productsLoading}
        filter={products.length > 8}
        // A company may have thousands of products: only the visible options are rendered.
        virtual={products.length > 50}
        onShown={onScopeShown}
      />
    </section>
  );
});

const AnalysisTypeCard = memo(function AnalysisTypeCard() {
  const metric = useAtomValue(selectionFieldAtom('metric'));
  const counting = useAtomValue(selectionFieldAtom('counting'));
  const update = useSetAtom(updateSelectionAtom);
  const onMetric = useCallback((value: Metric) => update({ metric: value }), [update]);
  const onCounting = useCallback((value: Counting) => update({ counting: value }), [update]);
  return (
    <section className="card control-card" aria-labelledby="card-type">
      <h2 id="card-type">
        <i className="pi pi-chart-bar" aria-hidden="true" /> Type d'analyse
      </h2>
      <SelectField
        id="dashboard-metric"
        label="Métrique"
        hint={METRIC_LABELS[metric].description}
        value={metric}
        options={METRIC_OPTIONS}
        onChange={onMetric}
      />
      <SelectField
        id="dashboard-counting"
        label="Type de comptage"
        value={counting}
        options={COUNTING_OPTIONS}
        onChange={onCounting}
      />
    </section>
  );
});
