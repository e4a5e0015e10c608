// /creer-categorie: add a category (optional parent, 'Aucune' by default), the first 8 categories with
// their parent ("Voir toutes les catégories" shows the rest), and 'Supprimer' after a confirmation that
// says how many sub-categories go with it and how many products lose it (docs/back-office.md).
import './catalogue.css';

import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState } from 'react';

import {
  ALL_CATEGORIES_LABEL,
  type Category,
  CATEGORY_LIST_LIMIT,
  categoryDeleteMessage,
  FIRST_CATEGORIES_LABEL,
  parentLabel,
} from '#domain/category';
import { can } from '#domain/permissions';

import { fetchGroupeModels } from '../../api/catalogue';
import { useDeleteCategoryMutation } from '../../api/queries/catalogue';
import { confirmDanger } from '../../ui/confirmDanger';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { CategoryForm } from './CategoryForm';
import { categoryImpact } from './categoryImpact';
import { useCategories } from './useCategories';

export function CategoryPage() {
  // The catalogue's structure is not every role's (docs/permissions.md): others only read the list.
  const manages = can(useAtomValue(currentUserAtom)?.role, 'catalogue.structure');
  const { categories, loading, error } = useCategories();
  // Its success reads the catalogue again, this list with it (src/api/queries/catalogue.ts).
  const deleteCategory = useDeleteCategoryMutation();
  const [showAll, setShowAll] = useState(false);

  async function remove(c: Category) {
    try {
      await deleteCategory.mutateAsync(c.id);
      notifySuccess(`Catégorie « ${c.nomCategorie} » supprimée`);
    } catch (err) {
      console.error('Erreur lors de la suppression de la catégorie', err);
      notifyError(`La catégorie n'a pas pu être supprimée : ${(err as Error).message}`, err);
    }
  }

  async function askRemove(c: Category) {
    let products: { idCategorie: number | null }[];
    try {
      products = await fetchGroupeModels();
    } catch (err) {
      // Without the count the user cannot know what he deletes: nothing is deleted.
      console.error('Erreur lors de la récupération des produits', err);
      notifyError(`La suppression n'a pas pu être préparée : ${(err as Error).message}`);
      return;
    }
    const impact = categoryImpact(categories, products, c.id);
    confirmDanger({
      header: 'Supprimer la catégorie',
      message: categoryDeleteMessage(c.nomCategorie, impact.sousCategories, impact.produits),
      accept: () => void remove(c),
    });
  }

  const shown = showAll ? categories : categories.slice(0, CATEGORY_LIST_LIMIT);

  return (
    <section>
      <ConfirmDialog />
      <PageTitle>Gestion des catégories</PageTitle>
      {manages && <CategoryForm categories={categories} />}
      <div className="card">
        {loading && !categories.length ? (
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Chargement des catégories" />
        ) : error ? (
          <Message severity="error" text={error} />
        ) : !shown.length ? (
          <EmptyState title="Aucune catégorie" text="Ajoutez votre première catégorie ci-dessus." />
        ) : (
          <table className="rows-table" aria-label="Catégories">
            <thead>
              <tr>
                <th>Nom</th>
                <th>Catégorie mère</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.id}>
                  <td>{c.nomCategorie}</td>
                  <td>{parentLabel(c)}</td>
                  <td>
                    {manages && (
                      <Button
                        type="button"
                        label="Supprimer"
                        icon="pi pi-trash"
                        severity="danger"
                        text
                        onClick={() => askRemove(c)}
                        aria-label={`Supprimer ${c.nomCategorie}`}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {categories.length > CATEGORY_LIST_LIMIT && (
          <Button
            type="button"
            text
            label={showAll ? FIRST_CATEGORIES_LABEL : `${ALL_CATEGORIES_LABEL} (${categories.length})`}
            onClick={() => setShowAll((v) => !v)}
          />
        )}
      </div>
    </section>
  );
}
