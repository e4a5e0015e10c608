import type { ReactNode } from 'react';

/**
 * A figure with its label; a small spinner replaces the value while loading. The spinner is primeicons'
 * rotating icon: a transform the compositor animates alone. PrimeReact's ProgressSpinner animates the SVG
 * stroke (dash and colour), which restyles and repaints the page on the main thread at every frame: four
 * of them during a dashboard load took CPU from the worker and the server.
 */
export function StatCard({
  label,
  value,
  icon,
  loading,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon?: string;
  loading?: boolean;
  hint?: ReactNode;
}) {
  return (
    <div className="stat-card" role="group" aria-label={label}>
      {icon && <i className={`pi ${icon} stat-icon`} aria-hidden="true" />}
      <div>
        <div className="stat-label">{label}</div>
        <div className="stat-value" aria-busy={loading || undefined}>
          {loading ? (
            <i className="pi pi-spin pi-spinner stat-spinner" role="progressbar" aria-label="Chargement" />
          ) : (
            value
          )}
        </div>
        {hint && <div className="stat-hint">{hint}</div>}
      </div>
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="stat-grid">{children}</div>;
}
