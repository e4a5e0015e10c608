// /creer-categorie: add a category (optional parent, 'Aucune' by default), the first 8 categories with
// their parent, and 'Supprimer' (confirmation when sub-categories would go too) (spec 2.12, 5, 9).
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { confirmDanger } from '../../ui/confirmDanger';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { createCategory, deleteCategory } from '../../api/catalogue';
import {
  CATEGORY_LIST_LIMIT,
  CATEGORY_MESSAGES,
  DELETE_WITH_CHILDREN_CONFIRM,
  NO_PARENT_LABEL,
  hasSubCategories,
  parentLabel,
  type Category,
} from '../../domain/category';
import { can } from '../../domain/permissions';
import { EmptyState } from '../../ui/EmptyState';
import { currentUserAtom } from '../auth/atoms';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { useCategories } from './useCategories';
import './catalogue.css';

const NO_PARENT = 0;

export function CategoryPage() {
  // The catalogue's structure is not every role's (docs/permissions.md): others only read the list.
  const manages = can(useAtomValue(currentUserAtom)?.role, 'catalogue.structure');
  const { categories, loading, error, reload } = useCategories();
  const [nom, setNom] = useState('');
  const [parent, setParent] = useState<number>(NO_PARENT);
  const [nomError, setNomError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!nom.trim()) {
      setNomError(CATEGORY_MESSAGES.nom);
      return;
    }
    setNomError(null);
    setSaving(true);
    try {
      // The server files the category under the user's company (EntrepriseId is only read for an Admin).
      await createCategory({ Nom_categorie: nom.trim(), Id_categorie_mere: parent === NO_PARENT ? null : parent, EntrepriseId: null });
      notifySuccess(`Catégorie « ${nom.trim()} » ajoutée`);
      setNom('');
      setParent(NO_PARENT);
      reload();
    } catch (err) {
      console.error("Erreur lors de l'ajout de la catégorie", err);
      notifyError(`La catégorie n'a pas pu être ajoutée : ${(err as Error).message}`);
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
      notifyError(`La catégorie n'a pas pu être supprimée : ${(err as Error).message}`);
    }
  }

  function askRemove(c: Category) {
    if (!hasSubCategories(categories, c.id)) return void remove(c);
    confirmDanger({
      header: 'Supprimer la catégorie',
      message: DELETE_WITH_CHILDREN_CONFIRM,
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      accept: () => void remove(c),
    });
  }

  const parentOptions = [{ label: NO_PARENT_LABEL, value: NO_PARENT }, ...categories.map((c) => ({ label: c.nomCategorie, value: c.id }))];
  const shown = categories.slice(0, CATEGORY_LIST_LIMIT);

  return (
    <section>
      <ConfirmDialog />
      <PageTitle>Gestion des catégories</PageTitle>
      {manages && (
      <form className="card" onSubmit={add} noValidate>
        <div className="catalogue-form">
          <div className="field">
            <label htmlFor="category-name">Nom de la nouvelle catégorie</label>
            <InputText id="category-name" value={nom} onChange={(e) => setNom(e.target.value)} invalid={!!nomError} />
            {nomError && <small className="field-error">{nomError}</small>}
          </div>
          <div className="field">
            <label htmlFor="category-parent">Catégorie mère</label>
            <Dropdown inputId="category-parent" value={parent} options={parentOptions} onChange={(e) => setParent(e.value ?? NO_PARENT)} />
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
                    <Button type="button" label="Supprimer" icon="pi pi-trash" severity="danger" text onClick={() => askRemove(c)} aria-label={`Supprimer ${c.nomCategorie}`} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
