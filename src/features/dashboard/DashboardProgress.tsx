// "Mise à jour des données des N produits" and a bar while the worker fetches. Its own component reading
// its own atom: a progress step re-renders this bar only, not the dashboard (a load reports hundreds of
// steps). The text does not change during a load and the bar moves by a transform: a step needs no
// layout of the page, and the live region is announced once, not at every step (docs/performance.md,
// "A progress step without a layout").
//
// A plain bar rather than PrimeReact's ProgressBar: that component inserts its <style> element when it
// first mounts, at the first progress step, when the whole dashboard is on screen, and a new style sheet
// makes Chromium restyle and lay out the whole page (docs/performance.md, "The progress bar without a
// style sheet of its own").
import { useAtomValue } from 'jotai';

import { progressAtom } from './atoms';

export function DashboardProgress() {
  const progress = useAtomValue(progressAtom);
  const shown = !!progress && progress.total > 0;
  const fraction = shown ? progress.done / progress.total : 0;
  // The slot keeps its height with or without the bar: the cards below never move when a load starts or
  // ends (a bar that came and went moved the whole page: CLS 0.15 on a 220-product company).
  return (
    <div className="dashboard-progress-slot" aria-live="polite">
      {shown && (
        <div className="dashboard-progress">
          <small className="muted">
            {progress.total === 1
              ? 'Mise à jour des données du produit'
              : `Mise à jour des données des ${progress.total} produits`}
          </small>
          <div
            className="dashboard-progress-bar"
            role="progressbar"
            aria-label="Progression"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(fraction * 100)}
          >
            <div style={{ transform: `scaleX(${fraction})` }} />
          </div>
        </div>
      )}
    </div>
  );
}
