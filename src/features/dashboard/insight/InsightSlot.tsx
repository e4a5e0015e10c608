// Where "3D et réalité augmentée" goes, last on the dashboard: its title at once, its filters, figures and
// the model's renders loaded when the reader scrolls near it, so that the dashboard's first load (bytes,
// requests, layout shift) does without them (like ChartNotesSlot).
import { type ComponentProps, lazy, Suspense, useRef } from 'react';

import { useNearViewport } from '../../../ui/useNearViewport';

const InsightSection = lazy(() => import('./InsightSection').then((m) => ({ default: m.InsightSection })));

export function InsightPending() {
  return (
    <section className="card insight" aria-labelledby="insight-title" aria-busy="true">
      <h3 id="insight-title">3D et réalité augmentée</h3>
      <p className="muted">Chargement de l’analyse 3D et AR…</p>
    </section>
  );
}

export function InsightSlot(props: ComponentProps<typeof InsightSection>) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, false);
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={<InsightPending />}>
          <InsightSection {...props} />
        </Suspense>
      ) : (
        <InsightPending />
      )}
    </div>
  );
}
