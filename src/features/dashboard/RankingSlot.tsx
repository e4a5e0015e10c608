// Where "Classement des produits" goes, below the charts: its title at once, its table loaded when the
// reader scrolls near it, so that the dashboard's first load does without it (docs/performance.md).
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type ComponentProps, lazy, Suspense, useEffect, useRef } from 'react';

import { useNearViewport } from '../../ui/useNearViewport';

const RankingTable = lazy(() => import('./RankingTable').then((m) => ({ default: m.RankingTable })));
// Once asked for, the table shows at once when the slot comes back (back to all products).
let tableAskedFor = false;

/** The card while the table's code is not there: the page's outline keeps its title, and its header is
 * RankingTable's, its controls disabled, so that nothing moves when the table comes. */
function RankingPending() {
  return (
    <section className="card ranking" aria-labelledby="ranking-title" aria-busy="true">
      <header className="chart-card-header ranking-header">
        <h3 id="ranking-title">Classement des produits</h3>
        <span className="p-input-icon-left ranking-filter">
          <InputText placeholder="Filtrer par nom" aria-label="Filtrer les produits par nom" disabled />
        </span>
        <Button type="button" size="small" outlined icon="pi pi-download" label="Exporter CSV" disabled />
      </header>
      <p className="muted">Chargement du classement…</p>
    </section>
  );
}

export function RankingSlot(props: ComponentProps<typeof RankingTable>) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, tableAskedFor);
  useEffect(() => {
    if (near) tableAskedFor = true;
  }, [near]);
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={<RankingPending />}>
          <RankingTable {...props} />
        </Suspense>
      ) : (
        <RankingPending />
      )}
    </div>
  );
}
