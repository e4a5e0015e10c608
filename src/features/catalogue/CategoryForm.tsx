// The add-category form of /creer-categorie: a name and an optional parent ('Aucune' by default), checked
// with the route's own schema; the call names the user's company, as the contract's payload does. The
// product form opens it in a dialog too (ProductCreatePage.tsx): there it hands the new category back.
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { type Category, categoryCreateSchema, NO_PARENT_LABEL } from '#domain/category';

import { useCreateCategoryMutation } from '../../api/queries/catalogue';
import { DropdownField } from '../../ui/DropdownField';
import { FormField, RequiredNote } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { notifyError, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';

/** The dropdown's value for 'Aucune' (a Dropdown shows no label for null). */
const NO_PARENT = 0;
type Values = z.input<typeof categoryCreateSchema>;
const EMPTY: Values = { Nom_categorie: '', Id_categorie_mere: null, EntrepriseId: null };

interface Props {
  categories: Category[];
  /** In a dialog: ids start with this prefix, and no leave guard (the page's own form guards the page). */
  idPrefix?: string;
  /** Called with the category the server stored. */
  onCreated?: (category: Category) => void;
}

export function CategoryForm({ categories, idPrefix = '', onCreated }: Props) {
  const user = useAtomValue(currentUserAtom);
  // Its success reads the categories on screen again (src/api/queries/catalogue.ts).
  const createCategory = useCreateCategoryMutation();
  const form = useForm<Values, unknown, z.output<typeof categoryCreateSchema>>({
    resolver: zodResolver(categoryCreateSchema),
    defaultValues: EMPTY,
  });

  const add = form.handleSubmit(async (values) => {
    let created: Category;
    try {
      created = await createCategory.mutateAsync({ ...values, EntrepriseId: user?.entrepriseId ?? null });
    } catch (err) {
      console.error("Erreur lors de l'ajout de la catégorie", err);
      notifyError(`La catégorie n'a pas pu être ajoutée : ${(err as Error).message}`, err);
      return;
    }
    notifySuccess(`Catégorie « ${values.Nom_categorie} » ajoutée`);
    form.reset(EMPTY);
    onCreated?.(created);
  });

  const parentOptions = [
    { label: NO_PARENT_LABEL, value: NO_PARENT },
    ...categories.map((c) => ({ label: c.nomCategorie, value: c.id })),
  ];

  return (
    <FormProvider {...form}>
      {/* A dialog's form is portaled out of the product form, but React still bubbles its submit there. */}
      <form
        className={idPrefix ? undefined : 'card'}
        onSubmit={(e) => {
          e.stopPropagation();
          void add(e);
        }}
        noValidate
      >
        {!idPrefix && <FormLeaveGuard />}
        <RequiredNote />
        <div className="catalogue-form">
          <FormField
            name="Nom_categorie"
            id={`${idPrefix}category-name`}
            label="Nom de la nouvelle catégorie"
            className="field"
            required
          >
            {(a11y) => <InputText {...form.register('Nom_categorie')} {...a11y} />}
          </FormField>
          <DropdownField
            name="Id_categorie_mere"
            id={`${idPrefix}category-parent`}
            label="Catégorie mère"
            className="field"
            options={parentOptions}
            fallback={NO_PARENT}
            onPick={(value, set) => set(value || null)}
          />
        </div>
        <div className="catalogue-actions">
          <Button type="submit" label="Ajouter catégorie" icon="pi pi-plus" loading={form.formState.isSubmitting} />
        </div>
      </form>
    </FormProvider>
  );
}
