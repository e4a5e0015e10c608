import { ProgressSpinner } from 'primereact/progressspinner';
import type { ReactNode } from 'react';

/** A figure with its label; a small spinner replaces the value while loading. */
export function StatCard({ label, value, icon, loading, hint }: { label: string; value: ReactNode; icon?: string; loading?: boolean; hint?: ReactNode }) {
  return (
    <div className="stat-card" role="group" aria-label={label}>
      {icon && <i className={`pi ${icon} stat-icon`} aria-hidden="true" />}
      <div>
        <div className="stat-label">{label}</div>
        <div className="stat-value" aria-busy={loading || undefined}>
          {loading ? <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" aria-label="Chargement" /> : value}
        </div>
        {hint && <div className="stat-hint">{hint}</div>}
      </div>
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="stat-grid">{children}</div>;
}
