// The three expandable sections of /catalogue, each loading its data when first opened (docs/product.md §2.2.11, 8).
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { parentLabel } from '#domain/category';
import type { Couleur } from '#domain/option';
import { formatEuros, formatKo, type GroupeModel, type Model } from '#domain/product';

import {
  useCategoriesQuery,
  useCouleursQuery,
  useDeleteProductMutation,
  useGroupeModelsQuery,
  useModelsQuery,
} from '../../api/queries/catalogue';
import { confirmDanger } from '../../ui/confirmDanger';
import { EmptyState } from '../../ui/EmptyState';
import { notifyError, notifySuccess } from '../../ui/toast';
import { AuthImage, downloadCatalogueFile } from './AuthImage';
import { EmbedCodeButton } from './EmbedCodeButton';

/** A section's load: its data once read, or the error text of docs/product.md (the failure logged once). */
function useLoad<T>(query: UseQueryResult<T>, errorText: string) {
  useEffect(() => {
    if (query.error) console.error(errorText, query.error);
  }, [query.error, errorText]);
  return { data: query.data ?? null, error: query.isError ? errorText : null };
}

const Loading = ({ what }: { what: string }) => (
  <ProgressSpinner style={{ width: '2rem', height: '2rem' }} aria-label={`Chargement ${what}`} />
);

export function CategoriesSection() {
  const { data, error } = useLoad(useCategoriesQuery(), 'Erreur lors de la récupération des catégories');
  if (error) return <Message severity="error" text={error} />;
  if (!data) return <Loading what="des catégories" />;
  if (!data.length) return <EmptyState title="Aucune catégorie" />;
  return (
    <table className="rows-table" aria-label="Catégories du catalogue">
      <thead>
        <tr>
          <th>Catégorie</th>
          <th>Catégorie mère</th>
        </tr>
      </thead>
      <tbody>
        {data.map((c) => (
          <tr key={c.id}>
            <td>{c.nomCategorie}</td>
            <td>{parentLabel(c)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function download(key: string, name: string) {
  downloadCatalogueFile(key, name).catch((err) => {
    console.error('Erreur lors du téléchargement du document.', err);
    notifyError('Erreur lors du téléchargement du document.');
  });
}

function ProductCard({ g, models }: { g: GroupeModel; models: Model[] }) {
  const navigate = useNavigate();
  // Its success reads the catalogue on screen again (src/api/queries/catalogue.ts).
  const deleteProduct = useDeleteProductMutation();
  const askDelete = () =>
    confirmDanger({
      header: 'Supprimer le produit',
      message: `Supprimer « ${g.nomGroupeModel} » avec ses modèles, options, subdivisions et fichiers ? Cette action est définitive.`,
      accept: () =>
        void deleteProduct
          .mutateAsync(g.idGroupeModel)
          .then(() => notifySuccess(`Produit « ${g.nomGroupeModel} » supprimé`))
          .catch((err) => {
            console.error('Erreur lors de la suppression du produit', err);
            notifyError(`Le produit n'a pas été supprimé : ${(err as Error).message}`, err);
          }),
    });
  const slug = g.nomGroupeModel.replace(/[^\p{L}\p{N}]+/gu, '-');
  return (
    <article className="product-card" aria-label={g.nomGroupeModel}>
      {g.cheminImageGroupe[0] ? (
        <AuthImage className="thumb" fileKey={g.cheminImageGroupe[0]} alt={g.nomGroupeModel} />
      ) : (
        <div className="thumb thumb-placeholder" role="img" aria-label="Pas d'image">
          <i className="pi pi-image" aria-hidden="true" />
          <span>Pas d'image</span>
        </div>
      )}
      <h3>{g.nomGroupeModel}</h3>
      <div className="meta">
        {g.nomCategorie ?? 'Sans catégorie'}
        {g.placement && <> · {g.placement}</>} · {g.cheminImageGroupe.length} image
        {g.cheminImageGroupe.length > 1 ? 's' : ''}
      </div>
      {(g.refPrimaire || g.refSecondaire) && (
        <div className="meta">Réf. {[g.refPrimaire, g.refSecondaire].filter(Boolean).join(' / ')}</div>
      )}
      <div className="price">{formatEuros(g.prixCatalogue)}</div>
      {models.length > 0 && (
        <div className="links">
          {models.map((m) => (
            <Tag key={m.id} value={m.nom} severity="info" />
          ))}
        </div>
      )}
      <div className="links">
        {g.chemin3d && (
          <Button
            size="small"
            text
            icon="pi pi-box"
            label="Fichier 3D"
            onClick={() => download(g.chemin3d!, `${slug}-3d`)}
          />
        )}
        {g.chemin3d && g.modelBytes != null && g.viewerModelBytes != null && (
          <span className="meta" title="Taille du fichier envoyé → taille du modèle servi par la visionneuse">
            {formatKo(g.modelBytes)} → {formatKo(g.viewerModelBytes)}
          </span>
        )}
        {g.cheminPdf && (
          <Button
            size="small"
            text
            icon="pi pi-file-pdf"
            label="Fiche produit"
            onClick={() => download(g.cheminPdf!, `${slug}-fiche-produit`)}
          />
        )}
        {g.ficheCote && (
          <Button
            size="small"
            text
            icon="pi pi-file-pdf"
            label="Fiche de cote"
            onClick={() => download(g.ficheCote!, `${slug}-fiche-cote`)}
          />
        )}
      </div>
      <div className="links">
        <Button size="small" outlined label="Modèles" onClick={() => navigate(`/modeles?groupId=${g.idGroupeModel}`)} />
        <Button size="small" outlined label="Options" onClick={() => navigate(`/options?groupId=${g.idGroupeModel}`)} />
        <Button
          size="small"
          outlined
          label="Modifier"
          icon="pi pi-pencil"
          aria-label={`Modifier ${g.nomGroupeModel}`}
          onClick={() => navigate(`/products/${g.idGroupeModel}/edit`)}
        />
        <Button
          size="small"
          outlined
          severity="danger"
          label="Supprimer"
          icon="pi pi-trash"
          aria-label={`Supprimer ${g.nomGroupeModel}`}
          onClick={askDelete}
        />
      </div>
      {g.publicKey && (
        <div className="links">
          <EmbedCodeButton publicKey={g.publicKey} nom={g.nomGroupeModel} entrepriseId={g.entrepriseId} />
        </div>
      )}
    </article>
  );
}

export function ModelsSection() {
  const [search, setSearch] = useState('');
  const groups = useLoad(useGroupeModelsQuery(), 'Error fetching GroupModels');
  const models = useLoad(useModelsQuery(), 'Error fetching Models');
  if (groups.error) return <Message severity="error" text={groups.error} />;
  if (!groups.data) return <Loading what="des modèles" />;
  if (!groups.data.length)
    return <EmptyState title="Aucun produit" text="Créez votre premier produit avec « Créer un produit »." />;
  const needle = search.trim().toLocaleLowerCase('fr');
  const shown = needle
    ? groups.data.filter((g) =>
        `${g.nomGroupeModel} ${g.nomCategorie ?? ''} ${g.refPrimaire ?? ''}`.toLocaleLowerCase('fr').includes(needle),
      )
    : groups.data;
  return (
    <>
      {models.error && <Message severity="error" text={models.error} className="catalogue-status" />}
      <InputText
        className="product-search"
        type="search"
        placeholder="Rechercher un produit"
        aria-label="Rechercher un produit"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {!shown.length && (
        <EmptyState title="Aucun produit trouvé" text="Aucun produit ne correspond à votre recherche." />
      )}
      <div className="product-cards">
        {shown.map((g) => (
          <ProductCard
            key={g.idGroupeModel}
            g={g}
            models={(models.data ?? []).filter((m) => m.idGroupeModel === g.idGroupeModel)}
          />
        ))}
      </div>
    </>
  );
}

export function CouleursSection() {
  const { data, error } = useLoad(useCouleursQuery(), 'Erreur lors de la récupération des couleurs');
  if (error) return <Message severity="error" text={error} />;
  if (!data) return <Loading what="des couleurs" />;
  if (!data.length) return <EmptyState title="Aucune couleur" text="Créez un nuancier pour proposer des coloris." />;
  const palettes = new Map<string, Couleur[]>();
  for (const c of data) {
    const name = c.nuancier ?? 'Sans nuancier';
    palettes.set(name, [...(palettes.get(name) ?? []), c]);
  }
  return (
    <>
      {[...palettes].map(([name, list]) => (
        <div className="palette" key={name}>
          <h3>{name}</h3>
          {list[0]?.description && <p className="muted">{list[0].description}</p>}
          <div className="swatches">
            {list.map((c) => (
              <span className="swatch" key={c.id}>
                <span className="swatch-colour" style={{ background: c.valeur ?? 'transparent' }} aria-hidden="true" />
                {c.nom ?? c.nomCouleur}
              </span>
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
