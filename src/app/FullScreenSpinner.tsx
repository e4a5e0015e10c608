import { ProgressSpinner } from 'primereact/progressspinner';

export function FullScreenSpinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="fullscreen-spinner" role="status" aria-live="polite">
      <ProgressSpinner />
      <span className="sr-only">{label}</span>
    </div>
  );
}
