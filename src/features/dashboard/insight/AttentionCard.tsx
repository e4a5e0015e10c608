// "Carte d'attention" of one product (the selection's, or one chosen here when the dashboard shows all
// products): its model at the three most-looked angles beside the polar map of dwell per angle, then the
// angles nobody looks at. Its own insight call when the product is not the selection's scope.
import { Button } from 'primereact/button';
import { useState } from 'react';

import type { ProductRef } from '#domain/analytics/fields';
import { IGNORED_SHARE, type InsightFilters } from '#domain/analytics/insightsView';
import type { Selection } from '#domain/analytics/selection';

import { SelectField } from '../SelectField';
import { pct } from './format';
import { ModelAngles } from './ModelAngles';
import { angleName, PolarMap } from './PolarMap';
import { useInsights } from './useInsights';

interface Props {
  selection: Selection;
  products: ProductRef[];
  timeZone: string | undefined;
  filters: InsightFilters;
  ready: boolean;
  dataVersion: number;
  /** The product shown first when the scope is all products (the one most visited). */
  suggested: number | null;
}

export function AttentionCard({ selection, products, timeZone, filters, ready, dataVersion, suggested }: Props) {
  const [chosen, setChosen] = useState<number | null>(null);
  const product = selection.scope !== 'all' ? selection.scope : (chosen ?? suggested ?? products[0]?.id ?? null);
  const query = useInsights(
    selection,
    product ?? 'all',
    products,
    timeZone,
    filters,
    ready && product !== null,
    dataVersion,
  );
  const view = query.data;
  const a = view?.attention;
  return (
    <section className="insight-card" aria-labelledby="insight-attention-title" data-testid="insight-attention">
      <h4 id="insight-attention-title">Carte d’attention</h4>
      {selection.scope === 'all' && (
        <SelectField<number | null>
          id="insight-produit"
          label="Produit"
          value={product}
          options={products.map((p) => ({ label: p.name, value: p.id }))}
          onChange={setChosen}
          filter
        />
      )}
      {query.isError ? (
        <div role="alert">
          <p>La carte d’attention n’a pas pu être chargée.</p>
          <Button label="Réessayer" icon="pi pi-refresh" size="small" onClick={() => void query.refetch()} />
        </div>
      ) : !a ? (
        <p className="muted" aria-busy="true">
          Chargement de la carte d’attention…
        </p>
      ) : a.total === 0 ? (
        <p>Aucun temps de regard enregistré pour ce produit avec ces filtres.</p>
      ) : (
        <>
          <div className="insight-attention">
            {product !== null && <ModelAngles product={product} top={a.top} dwell={a.dwell} total={a.total} />}
            <PolarMap angles={a.angles} total={a.total} />
          </div>
          <h5>Angles ignorés</h5>
          <p className="muted">Moins de {pct(IGNORED_SHARE)} du temps passé.</p>
          {a.ignored.length === 0 ? (
            <p>Aucun : chaque angle est regardé.</p>
          ) : (
            <ul className="insight-ignored" data-testid="insight-ignored">
              {a.ignored.map((angle: number) => (
                <li key={angle}>{angleName(angle)}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
