// The dashboard (docs/product.md §1.2): controls, the four figures and the detailed analysis, all computed
// by the analytics worker from the cached events of the chosen company's products.
import './dashboard.css';

import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { exportSuffix } from '#domain/analytics/exportName';
import { FILTER_PARAMS } from '#domain/analytics/filterParams';
import { placeNotes } from '#domain/analytics/noteBuckets';
import type { RankingSort } from '#domain/analytics/ranking';
import { METRIC_LABELS, selectionToParams } from '#domain/analytics/selection';
import { EMPTY_STATS, viewRequestOf } from '#domain/analytics/view';
import { can } from '#domain/permissions';
import { ADMIN_ROLE } from '#domain/roles';

import { useAnnotationsQuery } from '../../api/queries/annotations';
import { LOGO_URL, PROVIDER } from '../../ui/brand';
import { download } from '../../ui/exportImage';
import { currentUserAtom } from '../auth/atoms';
import { ActiveFilters } from './ActiveFilters';
import { AlertBannerSlot } from './AlertBannerSlot';
import { AnalysisCharts, NO_COMPANY } from './AnalysisCharts';
import { exportCsv, warmUpAnalytics } from './analyticsClient';
import { selectionAtom, updateSelectionAtom } from './atoms';
import { ChartNotesSlot } from './ChartNotesSlot';
import { ControlCards } from './ControlCards';
import { DashboardProgress } from './DashboardProgress';
import { IncompleteData } from './IncompleteData';
import { filtersAtom } from './insight/filterAtoms';
import { InsightSlot } from './insight/InsightSlot';
import { LiveCard } from './LiveCard';
import { RankingSlot } from './RankingSlot';
import { StatCards } from './StatCards';
import { useCompanyProducts } from './useCompanyProducts';
import { useCompanyTimeZone } from './useCompanyTimeZone';
import { useDashboardView } from './useDashboardView';
import { useOldestMonth } from './useOldestMonth';

/** The URL follows the selection once the page is idle, at the latest this long after the change. */
const URL_WRITE_DELAY_MS = 300;
/** requestIdleCallback where the browser has it (Safari only lately), else a short timer. */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: URL_WRITE_DELAY_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 50);
  return () => window.clearTimeout(id);
};

export function DashboardPage() {
  const user = useAtomValue(currentUserAtom);
  const selection = useAtomValue(selectionAtom);
  const update = useSetAtom(updateSelectionAtom);
  const isAdmin = user?.role === ADMIN_ROLE;
  const companyName = user?.entreprise?.nomEntreprise ?? null;

  useEffect(warmUpAnalytics, []);

  // A non-admin is locked to his own company: its data loads at once. A bookmarked product without a
  // company (`?produit=` alone) is kept: the check below drops it if it is not the company's. In a
  // transition: the page's render with its company is sliced, not one long task (docs/performance.md).
  useEffect(() => {
    if (!isAdmin && user?.entrepriseId != null && selection.companyId !== user.entrepriseId)
      startTransition(() =>
        update((s) => ({
          companyId: user.entrepriseId,
          scope: s.companyId === null || s.companyId === user.entrepriseId ? s.scope : 'all',
        })),
      );
  }, [isAdmin, user?.entrepriseId, selection.companyId, update]);

  // The selections live in the URL too: a view can be bookmarked and survives a reload. Written through the
  // History API, not the router: a router navigation re-renders every location reader (the whole shell) at
  // each selection change, and nothing reads these parameters back except the selection atom when the dashboard first reads it (atoms.ts).
  // Chromium's replaceState costs several ms: written when the page is idle (the switch drawn: a switch must
  // cost one frame), and at once when the page is left.
  useEffect(() => {
    const write = () => {
      const params = selectionToParams(selection);
      // The insight section's filters are its own (insight/filterAtoms.ts, which writes them): kept as they are.
      const current = new URLSearchParams(window.location.search);
      for (const name of FILTER_PARAMS) {
        const value = current.get(name);
        if (value !== null) params.set(name, value);
      }
      const search = `?${params}`;
      if (window.location.search !== search)
        window.history.replaceState(
          window.history.state,
          '',
          `${window.location.pathname}${search}${window.location.hash}`,
        );
    };
    const cancel = whenIdle(write);
    window.addEventListener('pagehide', write);
    return () => {
      cancel();
      window.removeEventListener('pagehide', write);
    };
  }, [selection]);

  const { products, loading: productsLoading } = useCompanyProducts(selection.companyId);
  useOldestMonth();
  const { timeZone, name: adminCompanyName, saved: timeZoneSaved } = useCompanyTimeZone(selection.companyId);

  // A bookmarked product that is not (or no longer) the company's: back to all products.
  useEffect(() => {
    if (
      !productsLoading &&
      selection.scope !== 'all' &&
      selection.companyId !== null &&
      !products.some((p) => p.id === selection.scope)
    )
      update({ scope: 'all' });
  }, [products, productsLoading, selection.scope, selection.companyId, update]);

  // The title names the company analysed: an Admin's choice (not his own company), a user's own.
  const analysedCompany = isAdmin ? adminCompanyName : companyName;
  const [exporting, setExporting] = useState(false);
  const shownCompany =
    companyName ?? (selection.companyId !== null ? `entreprise-${selection.companyId}` : 'entreprise');
  const exportCompany = isAdmin ? (adminCompanyName ?? shownCompany) : shownCompany;
  const productName = selection.scope === 'all' ? null : (products.find((p) => p.id === selection.scope)?.name ?? null);
  const fileSuffix = exportSuffix({ company: exportCompany, scope: selection.scope, productName, selection });
  const filters = useAtomValue(filtersAtom);
  const exportContext = useMemo(
    () => ({
      filters,
      company: exportCompany,
      scopeName: productName ?? 'Tous les produits',
      selection: {
        period: selection.period,
        year: selection.year,
        month: selection.month,
        week: selection.week,
        from: selection.from,
        to: selection.to,
      },
    }),
    [
      filters,
      exportCompany,
      productName,
      selection.period,
      selection.year,
      selection.month,
      selection.week,
      selection.from,
      selection.to,
    ],
  );
  // What the export reads when clicked: the callbacks stay the same, so the memoised ranking is not
  // re-rendered by a switch before its new figures arrive.
  const exportInput = useRef({ selection, products, timeZone, company: shownCompany, filters });
  useLayoutEffect(() => {
    exportInput.current = {
      filters,
      selection,
      products,
      timeZone,
      company: isAdmin ? (adminCompanyName ?? shownCompany) : shownCompany,
    };
  });
  const downloadCsv = useCallback((sort: RankingSort | null) => {
    const { selection: s, products: list, timeZone: zone, company, filters: f } = exportInput.current;
    setExporting(true);
    exportCsv(
      // The company too: a filtered export is counted from its visits (workers/analytics/engine.ts).
      {
        ...viewRequestOf(
          s,
          list.map((p) => p.id),
          zone,
          0,
          f,
        ),
        ...(f && Object.values(f).some((v) => v !== null) ? { companyId: s.companyId } : {}),
      },
      Object.fromEntries(list.map((p) => [p.id, p.name])),
      company,
      METRIC_LABELS[s.metric].label,
      sort,
    )
      .then(({ blob, fileName }) => download(blob, fileName))
      .catch((err) => console.error('Export CSV', err))
      .finally(() => setExporting(false));
  }, []);
  const selectProduct = useCallback((id: number) => update({ scope: id }), [update]);

  const waitingForCompany = !isAdmin && selection.companyId !== user?.entrepriseId;
  const state = useDashboardView(selection, products, productsLoading || waitingForCompany, timeZone);
  const view = state.view;
  // Every product's call failed (or the load as a whole): no figure is shown as if it were data.
  const failed = view?.complete ? view.failedProducts : [];
  const allFailed =
    state.failed ||
    (!!view?.complete && products.length > 0 && failed.length >= (selection.scope === 'all' ? products.length : 1));
  const stats = allFailed || selection.companyId === null || !view ? EMPTY_STATS : view.stats;
  // A non-admin's figures wait for his company (not zeros while the user loads); an admin without a
  // company sees zeros (docs/product.md §1.8). Within a company, a switch keeps the figures on screen,
  // marked busy, until its own arrive; spinners only when there is nothing of this company to show or the
  // wait is long (useDashboardView's SPINNER_DELAY_MS).
  // The notes of the period shown, placed in the chart's buckets (domain/analytics/noteBuckets.ts).
  const notesQuery = useAnnotationsQuery(waitingForCompany ? null : selection.companyId);
  const chartLabels = view?.series.labels;
  const placedNotes = useMemo(
    () =>
      placeNotes(
        notesQuery.data ?? [],
        // The period fields, memoised once for the exports above.
        exportContext.selection,
        selection.companyId === null ? [] : (chartLabels ?? []),
        selection.scope === 'all' ? null : selection.scope,
      ),
    [notesQuery.data, exportContext.selection, selection.companyId, selection.scope, chartLabels],
  );
  const noteMarks = useMemo(() => placedNotes.map((p) => p.bucket), [placedNotes]);

  const statsBusy = waitingForCompany || (selection.companyId !== null && (productsLoading || !state.current));
  const statsSpinner = statsBusy && (waitingForCompany || productsLoading || !view || state.slow);

  return (
    // Which selection the figures on screen answer (none while a switch waits): what the bench and the
    // tests wait for, whether the figures came through a busy state or straight from the page's memory.
    <section className="dashboard" data-drawn-for={state.current ? selectionToParams(selection).toString() : undefined}>
      <header className="page-header">
        <h1>{analysedCompany ? `Outil d'Analyse 3D/AR - ${analysedCompany}` : 'Dashboard'}</h1>
        {isAdmin && <img className="dashboard-logo" src={LOGO_URL} alt={PROVIDER} />}
      </header>

      <ControlCards
        timeZone={timeZone}
        isAdmin={isAdmin}
        companyName={companyName}
        products={products}
        productsLoading={productsLoading}
        onTimeZoneSaved={timeZoneSaved}
        onScopesShown={state.prepareScopes}
      />

      {view?.offline && view.cachedAt !== null && (
        <p className="dashboard-offline" role="status">
          <i className="pi pi-wifi" aria-hidden="true" /> Hors ligne — données du{' '}
          {new Date(view.cachedAt).toLocaleString('fr-FR')}
        </p>
      )}
      {selection.companyId !== null && !waitingForCompany && (
        <AlertBannerSlot entrepriseId={selection.companyId} onShowProduct={selectProduct} />
      )}
      <DashboardProgress />
      {selection.companyId !== null && state.current && (
        <IncompleteData
          failed={failed}
          products={products}
          allFailed={allFailed}
          retrying={state.loading}
          onRetry={state.retry}
        />
      )}

      <ActiveFilters />
      <StatCards
        stats={stats}
        previous={allFailed || !selection.compare ? null : (view?.previous?.stats ?? null)}
        busy={statsBusy}
        loading={statsSpinner}
        placeholder={isAdmin && selection.companyId === null ? NO_COMPANY : null}
      />
      {/* A non-admin's company arrives after the first render: the card is there from the start (no shift). */}
      {(selection.companyId !== null || !isAdmin) && (
        <LiveCard live={view?.live ?? null} busy={statsBusy} loading={statsSpinner} unavailable={allFailed} />
      )}
      <AnalysisCharts
        metric={selection.metric}
        period={selection.period}
        counting={selection.counting}
        noCompany={selection.companyId === null}
        resetKey={JSON.stringify(selection)}
        view={allFailed ? null : view}
        frozen={productsLoading}
        unavailable={allFailed}
        pngSuffix={fileSuffix}
        exportContext={exportContext}
        noteMarks={allFailed ? undefined : noteMarks}
      />
      {/* Until its own view arrives, a switch to all products keeps the product's view, which has no ranking.
          Its table's code loads when the reader gets near it (RankingSlot.tsx). */}
      {selection.scope === 'all' &&
        selection.companyId !== null &&
        view &&
        !allFailed &&
        (state.current || view.ranking.productIds.length > 0) && (
          <RankingSlot
            ranking={view.ranking}
            products={products}
            comparing={selection.compare && selection.period !== 'all_time'}
            onSelect={selectProduct}
            onExportCsv={downloadCsv}
            exporting={exporting}
          />
        )}
      {selection.companyId !== null && !waitingForCompany && (
        <ChartNotesSlot
          companyId={selection.companyId}
          placed={placedNotes}
          labels={chartLabels ?? []}
          products={products}
          scope={selection.scope}
          canManage={can(user?.role, 'annotation.manage')}
          loading={notesQuery.isPending}
          failed={notesQuery.isError}
          onRetry={() => void notesQuery.refetch()}
        />
      )}
      {/* "3D et réalité augmentée": below the fold, its code loaded when the reader gets near it. */}
      {selection.companyId !== null && !waitingForCompany && !productsLoading && (
        <InsightSlot
          selection={selection}
          products={products}
          timeZone={timeZone}
          ready={!!view?.complete && !allFailed}
          dataVersion={view?.dataVersion ?? 0}
        />
      )}
    </section>
  );
}
