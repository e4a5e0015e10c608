// "Mise à jour des données : n / N produits" while the worker fetches. Its own component reading its own
// atom: a progress step re-renders this bar only, not the dashboard (a load reports hundreds of steps).
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
  const percent = shown ? Math.round((progress.done / progress.total) * 100) : 0;
  // The slot keeps its height with or without the bar: the cards below never move when a load starts or
  // ends (a bar that came and went moved the whole page: CLS 0.15 on a 220-product company).
  return (
    <div className="dashboard-progress-slot" aria-live="polite">
      {shown && (
        <div className="dashboard-progress">
          <small className="muted">
            Mise à jour des données : {progress.done} / {progress.total} produits
          </small>
          <div
            className="dashboard-progress-bar"
            role="progressbar"
            aria-label="Progression"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
    </div>
  );
}
