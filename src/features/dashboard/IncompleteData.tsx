// Figures that never mislead: when some products' events could not be loaded they count as empty (the
// product's rule, docs/dashboard.md), and this says so above the cards, with "Réessayer" for those products only and their
// list on demand. When every call failed, nothing is shown as a figure: "Impossible de charger les statistiques".
import { Button } from 'primereact/button';
import { useState } from 'react';

import type { ProductRef } from '#domain/analytics/fields';

export const ALL_FAILED = 'Impossible de charger les statistiques';
export const incompleteMessage = (n: number) => `Données incomplètes : ${n} produit(s) n'ont pas pu être chargés`;

interface Props {
  failed: number[];
  products: ProductRef[];
  /** Every product of the view failed (or the whole load did). */
  allFailed: boolean;
  retrying: boolean;
  onRetry: () => void;
}

export function IncompleteData({ failed, products, allFailed, retrying, onRetry }: Props) {
  const [open, setOpen] = useState(false);
  if (!allFailed && failed.length === 0) return null;
  const names = failed.map((id) => products.find((p) => p.id === id)?.name ?? `Produit ${id}`);
  return (
    <div className="dashboard-incomplete" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span className="dashboard-incomplete-text">{allFailed ? ALL_FAILED : incompleteMessage(failed.length)}</span>
      {!allFailed && failed.length > 0 && (
        <Button
          type="button"
          link
          size="small"
          label={open ? 'Masquer la liste' : 'Voir la liste'}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        />
      )}
      <Button type="button" size="small" icon="pi pi-refresh" label="Réessayer" loading={retrying} onClick={onRetry} />
      {open && !allFailed && (
        <ul className="dashboard-incomplete-list" aria-label="Produits non chargés">
          {names.map((n, i) => (
            <li key={failed[i]}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
