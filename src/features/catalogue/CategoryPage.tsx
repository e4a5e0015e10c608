// /creer-categorie: add a category (optional parent, 'Aucune' by default), the first 8 categories with
// their parent ("Voir toutes les catégories" shows the rest), and 'Supprimer' after a confirmation that
// says how many sub-categories go with it and how many products lose it (docs/back-office.md).
import './catalogue.css';

import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type FormEvent, useState } from 'react';

import { createCategory, deleteCategory, fetchGroupeModels } from '../../api/catalogue';
import {
  ALL_CATEGORIES_LABEL,
  type Category,
  CATEGORY_LIST_LIMIT,
  CATEGORY_MESSAGES,
  categoryDeleteMessage,
  FIRST_CATEGORIES_LABEL,
  NO_PARENT_LABEL,
  parentLabel,
} from '../../domain/category';
import { can } from '../../domain/permissions';
import { confirmDanger } from '../../ui/confirmDanger';
import { EmptyState } from '../../ui/EmptyState';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { categoryImpact } from './categoryImpact';
import { useCategories } from './useCategories';

const NO_PARENT = 0;

export function CategoryPage() {
  // The catalogue's structure is not every role's (docs/permissions.md): others only read the list.
  const manages = can(useAtomValue(currentUserAtom)?.role, 'catalogue.structure');
  const { categories, loading, error, reload } = useCategories();
  const [nom, setNom] = useState('');
  const [parent, setParent] = useState<number>(NO_PARENT);
  const [nomError, setNomError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref: formRef, failed } = useFocusFirstInvalid();
  const [showAll, setShowAll] = useState(false);
  const user = useAtomValue(currentUserAtom);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!nom.trim()) {
      setNomError(CATEGORY_MESSAGES.nom);
      failed();
      return;
    }
    setNomError(null);
    setSaving(true);
    try {
      // The contract's payload names the company; the server checks it is one the user may reach.
      await createCategory({
        Nom_categorie: nom.trim(),
        Id_categorie_mere: parent === NO_PARENT ? null : parent,
        EntrepriseId: user?.entrepriseId ?? null,
      });
      notifySuccess(`Catégorie « ${nom.trim()} » ajoutée`);
      setNom('');
      setParent(NO_PARENT);
      reload();
    } catch (err) {
      console.error("Erreur lors de l'ajout de la catégorie", err);
      notifyError(`La catégorie n'a pas pu être ajoutée : ${(err as Error).message}`, err);
    } finally {
      setSaving(false);
    }
  }

  async function remove(c: Category) {
    try {
      await deleteCategory(c.id);
      notifySuccess(`Catégorie « ${c.nomCategorie} » supprimée`);
      reload();
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

  const parentOptions = [
    { label: NO_PARENT_LABEL, value: NO_PARENT },
    ...categories.map((c) => ({ label: c.nomCategorie, value: c.id })),
  ];
  const shown = showAll ? categories : categories.slice(0, CATEGORY_LIST_LIMIT);

  return (
    <section>
      <ConfirmDialog />
      <PageTitle>Gestion des catégories</PageTitle>
      {manages && (
        <form className="card" onSubmit={add} noValidate ref={formRef}>
          <div className="catalogue-form">
            <div className="field">
              <label htmlFor="category-name">Nom de la nouvelle catégorie</label>
              <InputText
                id="category-name"
                value={nom}
                onChange={(e) => setNom(e.target.value)}
                invalid={!!nomError}
                aria-describedby={nomError ? 'category-name-error' : undefined}
              />
              {nomError && (
                <small className="field-error" id="category-name-error">
                  {nomError}
                </small>
              )}
            </div>
            <div className="field">
              <label htmlFor="category-parent">Catégorie mère</label>
              <Dropdown
                inputId="category-parent"
                value={parent}
                options={parentOptions}
                onChange={(e) => setParent((e.value as number | null) ?? NO_PARENT)}
              />
            </div>
          </div>
          <div className="catalogue-actions">
            <Button type="submit" label="Ajouter catégorie" icon="pi pi-plus" loading={saving} />
          </div>
        </form>
      )}
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
