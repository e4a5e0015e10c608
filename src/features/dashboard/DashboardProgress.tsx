// "Mise à jour des données : n / N produits" while the worker fetches. Its own component reading its own
// atom: a progress step re-renders this bar only, not the dashboard (a load reports hundreds of steps).
import { useAtomValue } from 'jotai';
import { ProgressBar } from 'primereact/progressbar';

import { progressAtom } from './atoms';

export function DashboardProgress() {
  const progress = useAtomValue(progressAtom);
  if (!progress || progress.total === 0) return null;
  return (
    <div className="dashboard-progress" aria-live="polite">
      <small className="muted">
        Mise à jour des données : {progress.done} / {progress.total} produits
      </small>
      <ProgressBar
        value={Math.round((progress.done / progress.total) * 100)}
        showValue={false}
        style={{ height: '4px' }}
      />
    </div>
  );
}
