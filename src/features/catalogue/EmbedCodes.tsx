// The "Intégration" screen's products: each one's embed code to copy, and the preview of one of them
// (chosen with "Aperçu": one viewer at a time, each loads model-viewer and its WebGL context).
import { Button } from 'primereact/button';
import { useState } from 'react';

import type { GroupeModel } from '#domain/product';

import { EmptyState } from '../../ui/EmptyState';
import { EmbedCodeButton } from './EmbedCodeButton';
import { EmbedPreview } from './EmbedPreview';

export function EmbedCodes({ products }: { products: GroupeModel[] }) {
  const [shownId, setShownId] = useState<number | null>(null);
  const shown = products.find((p) => p.idGroupeModel === shownId) ?? null;
  if (!products.length)
    return (
      <EmptyState
        title="Aucun produit"
        text="Créez un produit dans le catalogue : son code d’intégration apparaîtra ici."
        icon="pi-box"
      />
    );
  return (
    <>
      <table className="rows-table" aria-label="Codes d’intégration des produits">
        <thead>
          <tr>
            <th scope="col">Produit</th>
            <th scope="col">Code d’intégration</th>
            <th scope="col">Aperçu</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.idGroupeModel}>
              <th scope="row">{p.nomGroupeModel}</th>
              <td>
                <EmbedCodeButton
                  publicKey={p.publicKey}
                  nom={p.nomGroupeModel}
                  entrepriseId={p.entrepriseId}
                  ariaLabel={`Copier le code d'intégration : ${p.nomGroupeModel}`}
                />
              </td>
              <td>
                <Button
                  type="button"
                  size="small"
                  text
                  icon="pi pi-eye"
                  label="Aperçu"
                  aria-label={`Aperçu : ${p.nomGroupeModel}`}
                  aria-pressed={p.idGroupeModel === shownId}
                  onClick={() => setShownId(p.idGroupeModel)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown ? (
        <EmbedPreview key={shown.idGroupeModel} product={shown} />
      ) : (
        <p className="muted">
          « Aperçu » montre la visionneuse d’un produit telle que vos visiteurs la verront (cet aperçu n’est pas compté
          dans les statistiques).
        </p>
      )}
    </>
  );
}
