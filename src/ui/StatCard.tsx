import type { ReactNode } from 'react';

/**
 * A figure with its label; a small spinner replaces the value while loading (`busy` only marks it as
 * about to change, for a short wait). The spinner is primeicons'
 * rotating icon: a transform the compositor animates alone. PrimeReact's ProgressSpinner animates the SVG
 * stroke (dash and colour), which restyles and repaints the page on the main thread at every frame: four
 * of them during a dashboard load took CPU from the worker and the server.
 */
export function StatCard({
  label,
  value,
  icon,
  busy,
  loading,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon?: string;
  /** The value shown is about to be replaced (aria-busy), without a spinner yet. */
  busy?: boolean;
  loading?: boolean;
  hint?: ReactNode;
}) {
  return (
    <div className="stat-card" role="group" aria-label={label}>
      {icon && <i className={`pi ${icon} stat-icon`} aria-hidden="true" />}
      <div>
        <div className="stat-label">{label}</div>
        <div className="stat-value" aria-busy={busy || loading || undefined}>
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
