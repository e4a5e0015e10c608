// Where "Notes du graphique" goes, last on the dashboard: its title at once, its list and form loaded
// when the reader scrolls near it, so that the dashboard's first load does without them (like RankingSlot).
import { type ComponentProps, lazy, Suspense, useRef } from 'react';

import { useNearViewport } from '../../ui/useNearViewport';

const ChartNotes = lazy(() => import('./ChartNotes').then((m) => ({ default: m.ChartNotes })));

function NotesPending() {
  return (
    <section className="card chart-notes" aria-labelledby="notes-title" aria-busy="true">
      <h3 id="notes-title">Notes du graphique</h3>
      <p className="muted">Chargement des notes…</p>
    </section>
  );
}

export function ChartNotesSlot(props: ComponentProps<typeof ChartNotes>) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, false);
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={<NotesPending />}>
          <ChartNotes {...props} />
        </Suspense>
      ) : (
        <NotesPending />
      )}
    </div>
  );
}
