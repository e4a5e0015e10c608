// "3D et réalité augmentée" (docs/dashboard.md "3D and AR insight"): what the viewer's visits tell beyond
// the four event flags, for the selection's products and period, filtered by source, campaign, country,
// device and AR platform (kept in the URL). Computed by the analytics worker (workers/analytics/insights.ts).
import './insight.css';

import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import type { ProductRef } from '#domain/analytics/fields';
import type { Selection } from '#domain/analytics/selection';

import { LoadError } from '../../../ui/LoadError';
import { ArSuccess } from './ArSuccess';
import { AttentionCard } from './AttentionCard';
import { EngagementCard } from './EngagementCard';
import { filtersAtom } from './filterAtoms';
import { InsightFiltersBar } from './InsightFiltersBar';
import { LiftCard } from './LiftCard';
import { useInsights } from './useInsights';

interface Props {
  selection: Selection;
  products: ProductRef[];
  timeZone: string | undefined;
  /** The dashboard's view of the selection is complete: the worker holds its products' events. */
  ready: boolean;
  dataVersion: number;
}

export function InsightSection({ selection, products, timeZone, ready, dataVersion }: Props) {
  const filters = useAtomValue(filtersAtom);
  const query = useInsights(selection, selection.scope, products, timeZone, filters, ready, dataVersion);
  const view = query.data;
  const suggested = useMemo(() => {
    let best: { product: number; visits: number } | null = null;
    for (const p of view?.lift.products ?? []) {
      const visits = p.ar.with.visits + p.ar.without.visits;
      if (!best || visits > best.visits) best = { product: p.product, visits };
    }
    return best?.product ?? null;
  }, [view]);
  return (
    <section
      className="card insight"
      aria-labelledby="insight-title"
      aria-busy={(!view || query.isPlaceholderData) && !query.isError}
      data-testid="insight"
      data-visits={query.isPlaceholderData ? undefined : view?.visits}
    >
      <h3 id="insight-title">3D et réalité augmentée</h3>
      <p className="muted">
        Ce que la visionneuse mesure à chaque visite : la réussite de l’AR, les angles regardés, le temps passé et
        l’effet sur les devis. Sur la période et les produits choisis ci-dessus.
      </p>
      <InsightFiltersBar filters={filters} options={view?.options ?? null} />
      {query.isError ? (
        <LoadError text="L’analyse 3D et AR n’a pas pu être chargée." onRetry={() => void query.refetch()} />
      ) : !view ? (
        <p className="muted">Chargement de l’analyse 3D et AR…</p>
      ) : view.visits === 0 ? (
        <p className="insight-empty">Aucune visite avec ces filtres</p>
      ) : (
        <>
          <p>
            <strong>{view.visits}</strong> visite{view.visits > 1 ? 's' : ''} analysée{view.visits > 1 ? 's' : ''}.
          </p>
          <div className="insight-grid">
            <ArSuccess view={view} products={products} />
            <EngagementCard view={view} />
          </div>
          <AttentionCard
            selection={selection}
            products={products}
            timeZone={timeZone}
            filters={filters}
            ready={ready}
            dataVersion={dataVersion}
            suggested={suggested}
          />
          <LiftCard view={view} products={products} />
        </>
      )}
    </section>
  );
}
