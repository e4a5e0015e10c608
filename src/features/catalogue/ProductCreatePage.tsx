// /products: product group creation (docs/product.md §2.2.7, 5): every field, docs/product.md's messages, 201 -> /subdivision.
// "Créer une nouvelle catégorie" opens the category form in a dialog: the product typed so far stays, and
// the category created is chosen (a new company has none, and the category is required).
// /products/:id/edit: the same form filled with the product; files chosen replace the current ones of
// their field, fields left without a new file keep theirs (docs/back-office.md).
import './catalogue.css';

import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';

import { type Category, categoryPath, CREATE_CATEGORY_OPTION } from '#domain/category';
import { can } from '#domain/permissions';
import {
  type GroupeModel,
  type Placement,
  PLACEMENTS,
  PRODUCT_FILES,
  PRODUCT_MESSAGES,
  productFormSchema,
} from '#domain/product';

import { ApiError } from '../../api/http';
import { useCreateProductMutation, useGroupeModelQuery, useUpdateProductMutation } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { DropdownField } from '../../ui/DropdownField';
import { FormField, RequiredNote } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { PageTitle } from '../../ui/PageTitle';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';
import { notify, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { CategoryForm } from './CategoryForm';
import { ChoiceField } from './ChoiceField';
import { FbxConversionStatus } from './FbxConversionStatus';
import { FilePicker } from './FilePicker';
import { ImagesPicker } from './ImagesPicker';
import { useCategories } from './useCategories';
import { useFbxConversion } from './useFbxConversion';

/**
 * What the public viewer shows of the 3D file (docs/viewer.md, "Formats"): GLB and glTF as they are, STL
 * and FBX converted to GLB at upload (docs/uploads.md); a STEP file is kept but not shown.
 */
const NEW_CATEGORY = -1;
const schema = productFormSchema<File>();
type Values = z.input<typeof schema>;
type Product = z.output<typeof schema>;

const EMPTY: Values = {
  NomGroupeModel: '',
  IdCategorie: null,
  RefPrimaire: '',
  RefSecondaire: '',
  Specification: '',
  Placement: null,
  PrixCatalogue: null,
  CheminImageGroupe: [],
  Icone: null,
  Chemin_3d: null,
  Chemin_pdf: null,
  FicheCote: null,
};

/** The form filled with a stored product: its text fields; its files stay unless new ones are chosen. */
const valuesOf = (g: GroupeModel): Values => ({
  ...EMPTY,
  NomGroupeModel: g.nomGroupeModel,
  IdCategorie: g.idCategorie,
  RefPrimaire: g.refPrimaire ?? '',
  RefSecondaire: g.refSecondaire ?? '',
  Specification: g.specification ?? '',
  Placement: (g.placement as Placement | null) ?? null,
  PrixCatalogue: g.prixCatalogue,
});

/**
 * The multipart payload of POST /api/Model/ModelWithGroup and PUT /api/GroupeModel/{id}; `viewerModel` is
 * the GLB made here from an FBX, sent beside it (server/files/browserConversion.ts).
 */
function payloadOf(p: Product, viewerModel: File | null): FormData {
  const form = new FormData();
  form.append('NomGroupeModel', p.NomGroupeModel);
  form.append('IdCategorie', String(p.IdCategorie));
  form.append('RefPrimaire', p.RefPrimaire ?? '');
  form.append('RefSecondaire', p.RefSecondaire ?? '');
  form.append('Specification', p.Specification ?? '');
  form.append('Placement', p.Placement ?? '');
  form.append('PrixCatalogue', p.PrixCatalogue === null ? '' : String(p.PrixCatalogue));
  p.CheminImageGroupe.forEach((f) => form.append('CheminImageGroupe', f, f.name));
  for (const name of ['Icone', 'Chemin_3d', 'Chemin_pdf', 'FicheCote'] as const) {
    const file = p[name];
    if (file) form.append(name, file, file.name);
  }
  if (viewerModel) form.append('viewerModel', viewerModel, viewerModel.name);
  return form;
}

/** The server's field names are the form's: those the form does not hold stay in the message below it. */
const fieldOf = (serverField: string) =>
  Object.hasOwn(EMPTY, serverField) ? (serverField as keyof Values) : undefined;

export function ProductCreatePage() {
  const navigate = useNavigate();
  const { id } = useParams();
  const editId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const product = useGroupeModelQuery(editId);
  // Asked at once, beside the product: the form only mounts once the product is read.
  const { categories, error: categoriesError } = useCategories();
  useLoggedError(product.error, 'Erreur lors de la récupération du produit');
  const title = editId === null ? 'Créer un produit' : 'Modifier le produit';

  if (editId !== null && product.isError)
    return (
      <section>
        <PageTitle>{title}</PageTitle>
        <div className="card" role="alert">
          <Message severity="error" text="Ce produit est introuvable : il a peut-être été supprimé." />
          <div className="catalogue-actions">
            <Button label="Retour au catalogue" icon="pi pi-arrow-left" onClick={() => navigate('/catalogue')} />
          </div>
        </div>
      </section>
    );

  return (
    <section>
      <PageTitle>{title}</PageTitle>
      {editId === null ? (
        <ProductForm
          editId={null}
          initial={EMPTY}
          currentImages={0}
          categories={categories}
          categoriesError={categoriesError}
        />
      ) : // The form starts from the product as read now, not from a copy cached by an earlier visit.
      product.data && product.isFetchedAfterMount ? (
        <ProductForm
          key={editId}
          editId={editId}
          initial={valuesOf(product.data)}
          currentImages={product.data.cheminImageGroupe.length}
          categories={categories}
          categoriesError={categoriesError}
        />
      ) : (
        <div className="card">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Chargement du produit" />
        </div>
      )}
    </section>
  );
}

interface FormProps {
  editId: number | null;
  initial: Values;
  currentImages: number;
  categories: Category[];
  categoriesError: string | null;
}

function ProductForm({ editId, initial, currentImages, categories, categoriesError }: FormProps) {
  const navigate = useNavigate();
  const createProduct = useCreateProductMutation();
  const updateProduct = useUpdateProductMutation();
  const form = useForm<Values, unknown, Product>({ resolver: zodResolver(schema), defaultValues: initial });
  const fbx = useFbxConversion();
  /** Where a save leads: the catalogue after an edit, the subdivision question after a creation. */
  const [next, setNext] = useState('/catalogue');
  // Creating a category is not every role's (docs/permissions.md): the entry is offered to those who may.
  const createsCategories = can(useAtomValue(currentUserAtom)?.role, 'catalogue.structure');
  const [categoryDialog, setCategoryDialog] = useState(false);
  // The category just created, listed at once (the list is read again after the creation).
  const [added, setAdded] = useState<Category | null>(null);
  const listed = added && !categories.some((c) => c.id === added.id) ? [...categories, added] : categories;

  const categoryOptions = [
    ...listed.map((c) => ({ label: categoryPath(c), value: c.id })),
    ...(createsCategories ? [{ label: CREATE_CATEGORY_OPTION, value: NEW_CATEGORY }] : []),
  ];
  const categoryCreated = (c: Category) => {
    setAdded(c);
    setCategoryDialog(false);
    form.setValue('IdCategorie', c.id, { shouldDirty: true, shouldValidate: true });
  };

  const submit = form.handleSubmit(async (values) => {
    // The placement alert (docs/product.md) does not stop the submission.
    if (!values.Placement) notify({ severity: 'warn', summary: 'Placement', detail: PRODUCT_MESSAGES.placement });
    let viewerModel: File | null;
    try {
      // An FBX goes with the GLB made from it, awaited here if it is still being converted.
      viewerModel = await fbx.glbOf(values.Chemin_3d);
    } catch (err) {
      form.setError('Chemin_3d', { message: (err as Error).message }, { shouldFocus: true });
      throw err;
    }
    try {
      if (editId !== null) {
        await updateProduct.mutateAsync({ id: editId, form: payloadOf(values, viewerModel) });
        notifySuccess(`Produit « ${values.NomGroupeModel} » modifié`);
      } else {
        const { idGroupeModel } = await createProduct.mutateAsync(payloadOf(values, viewerModel));
        setNext(`/subdivision?groupId=${idGroupeModel}`);
      }
    } catch (err) {
      console.error('Erreur lors de la création du produit', err);
      // The spec only logs this failure; the server's reason is shown too, so the user can correct it.
      if (err instanceof ApiError) {
        form.setError('root.server', { message: err.message });
        showServerFieldErrors(form.setError, err.fieldErrors, fieldOf);
      } else form.setError('root.server', { message: 'Le produit n’a pas pu être créé.' });
      throw err;
    }
  });
  const serverError = form.formState.errors.root?.server?.message;

  return (
    <FormProvider {...form}>
      {/* A failed save was already told (field messages, the message below): nothing more to do with its error. */}
      <form className="card" onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate>
        <FormLeaveGuard onSaved={() => void navigate(next)} />
        {categoriesError && <Message severity="error" text={categoriesError} />}
        <RequiredNote />
        <div className="catalogue-form">
          <FormField name="NomGroupeModel" id="product-name" label="Nom du produit" className="field" required>
            {(a11y) => <InputText {...form.register('NomGroupeModel')} {...a11y} />}
          </FormField>
          <DropdownField
            name="IdCategorie"
            id="product-category"
            label="Catégorie"
            className="field"
            required
            options={categoryOptions}
            placeholder="Sélectionnez une catégorie"
            filter={categories.length > 8}
            onPick={(value, set) => (value === NEW_CATEGORY ? setCategoryDialog(true) : set(value ?? null))}
          />
          <FormField name="RefPrimaire" id="product-ref1" label="Référence primaire" className="field">
            {(a11y) => <InputText {...form.register('RefPrimaire')} {...a11y} />}
          </FormField>
          <FormField name="RefSecondaire" id="product-ref2" label="Référence secondaire" className="field">
            {(a11y) => <InputText {...form.register('RefSecondaire')} {...a11y} />}
          </FormField>
          {editId !== null && (
            <p className="field wide muted">
              Images actuelles : {currentImages}. Les images choisies ci-dessous remplacent les images actuelles ; un
              fichier choisi remplace celui de son champ.
            </p>
          )}
          <ImagesPicker />
          <FilePicker name="Icone" id="product-icon" label="Icône" accept={PRODUCT_FILES.Icone.accept} />
          <FilePicker
            name="Chemin_3d"
            id="product-3d"
            label="Modèle 3D"
            accept={PRODUCT_FILES.Chemin_3d.accept}
            hint="Formats acceptés : .glb, .gltf, .fbx (converti en GLB ici), .stl. Pour un modèle STEP, exportez-le en GLB."
            onPick={(file) => {
              fbx.picked(file);
              // A STEP file is refused at once, with what to do instead (domain/modelFormats.ts).
              if (file) void form.trigger('Chemin_3d');
            }}
          />
          <FbxConversionStatus state={fbx.state} />
          <ChoiceField name="Placement" id="placement-label" label="Placement" options={PLACEMENTS} />
          <FilePicker
            name="FicheCote"
            id="product-fiche-cote"
            label="Fiche de cote (PDF)"
            accept={PRODUCT_FILES.FicheCote.accept}
          />
          <FilePicker
            name="Chemin_pdf"
            id="product-fiche"
            label="Fiche produit (PDF)"
            accept={PRODUCT_FILES.Chemin_pdf.accept}
          />
          <FormField name="Specification" id="product-spec" label="Spécification" className="field wide">
            {(a11y) => <InputTextarea {...form.register('Specification')} {...a11y} rows={4} autoResize />}
          </FormField>
          <FormField name="PrixCatalogue" id="product-price" label="Prix catalogue" className="field">
            {({ id, invalid, ...aria }) => (
              <Controller
                name="PrixCatalogue"
                control={form.control}
                render={({ field }) => (
                  <InputNumber
                    inputId={id}
                    inputRef={field.ref}
                    value={field.value}
                    onValueChange={(e) => field.onChange(e.value ?? null)}
                    mode="currency"
                    currency="EUR"
                    locale="fr-FR"
                    min={0}
                    invalid={invalid}
                    {...aria}
                  />
                )}
              />
            )}
          </FormField>
        </div>
        {serverError && <Message severity="error" text={serverError} className="catalogue-status" />}
        <div className="catalogue-actions">
          <Button
            type="submit"
            label={editId === null ? 'Créer le produit' : 'Enregistrer les modifications'}
            icon="pi pi-check"
            loading={form.formState.isSubmitting}
          />
          <Button type="button" label="Annuler" outlined onClick={() => navigate('/catalogue')} />
        </div>
      </form>
      {/* Outside the product's form: the category form is a form of its own. */}
      <Dialog
        header="Nouvelle catégorie"
        visible={categoryDialog}
        onHide={() => setCategoryDialog(false)}
        style={{ width: 'min(36rem, 95vw)' }}
      >
        {categoryDialog && <CategoryForm categories={listed} idPrefix="dialog-" onCreated={categoryCreated} />}
      </Dialog>
    </FormProvider>
  );
}
