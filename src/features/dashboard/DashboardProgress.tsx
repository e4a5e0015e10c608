// "Mise à jour des données : n / N produits" while the worker fetches. Its own component reading its own
// atom: a progress step re-renders this bar only, not the dashboard (a load reports hundreds of steps).
import { useAtomValue } from 'jotai';
import { ProgressBar } from 'primereact/progressbar';

import { progressAtom } from './atoms';

export function DashboardProgress() {
  const progress = useAtomValue(progressAtom);
  const shown = !!progress && progress.total > 0;
  // The slot keeps its height with or without the bar: the cards below never move when a load starts or
  // ends (a bar that came and went moved the whole page: CLS 0.15 on a 220-product company).
  return (
    <div className="dashboard-progress-slot" aria-live="polite">
      {shown && (
        <div className="dashboard-progress">
          <small className="muted">
            Mise à jour des données : {progress.done} / {progress.total} produits
          </small>
          <ProgressBar
            value={Math.round((progress.done / progress.total) * 100)}
            showValue={false}
            style={{ height: '4px' }}
          />
        </div>
      )}
    </div>
  );
}
