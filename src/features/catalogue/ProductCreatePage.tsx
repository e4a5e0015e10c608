// /products: product group creation (docs/product.md §2.2.7, 5): every field, the spec's messages, 201 -> /subdivision.
// /products/:id/edit: the same form filled with the product; files chosen replace the current ones of
// their field, fields left without a new file keep theirs (docs/back-office.md).
import './catalogue.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { createProduct, fetchGroupeModel, updateProduct } from '../../api/catalogue';
import { ApiError, isAbortError } from '../../api/http';
import { categoryPath, CREATE_CATEGORY_OPTION } from '../../domain/category';
import { type Placement, PLACEMENTS, PRODUCT_FILES, validateProductForm } from '../../domain/product';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { PageTitle } from '../../ui/PageTitle';
import { notifySuccess } from '../../ui/toast';
import { notify } from '../../ui/toast';
import { FilePicker } from './FilePicker';
import { ImagesPicker } from './ImagesPicker';
import { useCategories } from './useCategories';

const NEW_CATEGORY = -1;
type Errors = Partial<Record<string, string>>;

export function ProductCreatePage() {
  const navigate = useNavigate();
  const { id } = useParams();
  const editId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const [current, setCurrent] = useState<{ images: number; loaded: boolean; missing: boolean }>({
    images: 0,
    loaded: editId === null,
    missing: false,
  });
  const { categories, error: categoriesError } = useCategories();
  const [nom, setNom] = useState('');
  const [idCategorie, setIdCategorie] = useState<number | null>(null);
  const [refPrimaire, setRefPrimaire] = useState('');
  const [refSecondaire, setRefSecondaire] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [icone, setIcone] = useState<File | null>(null);
  const [model3d, setModel3d] = useState<File | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [ficheCote, setFicheCote] = useState<File | null>(null);
  const [fichePdf, setFichePdf] = useState<File | null>(null);
  const [specification, setSpecification] = useState('');
  const [prix, setPrix] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref: formRef, failed } = useFocusFirstInvalid();

  useEffect(() => {
    if (editId === null) return;
    const controller = new AbortController();
    fetchGroupeModel(editId, controller.signal)
      .then((g) => {
        setNom(g.nomGroupeModel);
        setIdCategorie(g.idCategorie);
        setRefPrimaire(g.refPrimaire ?? '');
        setRefSecondaire(g.refSecondaire ?? '');
        setPlacement((g.placement as Placement | null) ?? null);
        setSpecification(g.specification ?? '');
        setPrix(g.prixCatalogue);
        setCurrent({ images: g.cheminImageGroupe.length, loaded: true, missing: false });
      })
      .catch((err) => {
        if (isAbortError(err)) return;
        console.error('Erreur lors de la récupération du produit', err);
        setCurrent({ images: 0, loaded: true, missing: true });
      });
    return () => controller.abort();
  }, [editId]);

  const categoryOptions = [
    ...categories.map((c) => ({ label: categoryPath(c), value: c.id })),
    { label: CREATE_CATEGORY_OPTION, value: NEW_CATEGORY },
  ];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { errors: found, warning } = validateProductForm({ nom, idCategorie, placement, images });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return failed();
    // The spec's placement alert does not stop the submission.
    if (warning) notify({ severity: 'warn', summary: 'Placement', detail: warning });

    const form = new FormData();
    form.append('NomGroupeModel', nom.trim());
    form.append('IdCategorie', String(idCategorie));
    form.append('RefPrimaire', refPrimaire.trim());
    form.append('RefSecondaire', refSecondaire.trim());
    form.append('Specification', specification.trim());
    form.append('Placement', placement ?? '');
    form.append('PrixCatalogue', prix === null ? '' : String(prix));
    images.forEach((f) => form.append('CheminImageGroupe', f, f.name));
    if (icone) form.append('Icone', icone, icone.name);
    if (model3d) form.append('Chemin_3d', model3d, model3d.name);
    if (fichePdf) form.append('Chemin_pdf', fichePdf, fichePdf.name);
    if (ficheCote) form.append('FicheCote', ficheCote, ficheCote.name);

    setSaving(true);
    try {
      if (editId !== null) {
        await updateProduct(editId, form);
        notifySuccess(`Produit « ${nom.trim()} » modifié`);
        void navigate('/catalogue');
        return;
      }
      const { idGroupeModel } = await createProduct(form);
      void navigate(`/subdivision?groupId=${idGroupeModel}`);
    } catch (err) {
      console.error('Erreur lors de la création du produit', err);
      // The spec only logs this failure; the server's reason is shown too, so the user can correct it.
      if (err instanceof ApiError) {
        const fields = err.fieldErrors;
        setErrors({
          nom: fields.NomGroupeModel,
          categorie: fields.IdCategorie,
          images: fields.CheminImageGroupe,
          icone: fields.Icone,
          model3d: fields.Chemin_3d,
          fichePdf: fields.Chemin_pdf,
          ficheCote: fields.FicheCote,
          prix: fields.PrixCatalogue,
        });
        setServerError(err.message);
        failed();
      } else setServerError('Le produit n’a pas pu être créé.');
    } finally {
      setSaving(false);
    }
  }

  if (editId !== null && current.missing)
    return (
      <section>
        <PageTitle>Modifier le produit</PageTitle>
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
      <PageTitle>{editId === null ? 'Créer un produit' : 'Modifier le produit'}</PageTitle>
      <form className="card" onSubmit={submit} noValidate ref={formRef}>
        {categoriesError && <Message severity="error" text={categoriesError} />}
        <div className="catalogue-form">
          <div className="field">
            <label htmlFor="product-name">Nom du produit</label>
            <InputText
              id="product-name"
              value={nom}
              onChange={(e) => setNom(e.target.value)}
              invalid={!!errors.nom}
              aria-describedby={errors.nom ? 'product-name-error' : undefined}
            />
            {errors.nom && (
              <small className="field-error" id="product-name-error">
                {errors.nom}
              </small>
            )}
          </div>
          <div className="field">
            <label htmlFor="product-category">Catégorie</label>
            <Dropdown
              inputId="product-category"
              value={idCategorie}
              options={categoryOptions}
              placeholder="Sélectionnez une catégorie"
              onChange={(e) =>
                e.value === NEW_CATEGORY ? void navigate('/creer-categorie') : setIdCategorie(e.value as number | null)
              }
              invalid={!!errors.categorie}
              filter={categories.length > 8}
            />
            {errors.categorie && <small className="field-error">{errors.categorie}</small>}
          </div>
          <div className="field">
            <label htmlFor="product-ref1">Référence primaire</label>
            <InputText id="product-ref1" value={refPrimaire} onChange={(e) => setRefPrimaire(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="product-ref2">Référence secondaire</label>
            <InputText id="product-ref2" value={refSecondaire} onChange={(e) => setRefSecondaire(e.target.value)} />
          </div>
          {editId !== null && current.loaded && (
            <p className="field wide muted">
              Images actuelles : {current.images}. Les images choisies ci-dessous remplacent les images actuelles ; un
              fichier choisi remplace celui de son champ.
            </p>
          )}
          <ImagesPicker
            images={images}
            onChange={setImages}
            error={errors.images}
            onError={(m) => setErrors((x) => ({ ...x, images: m ?? undefined }))}
          />
          <FilePicker
            id="product-icon"
            label="Icône"
            accept={PRODUCT_FILES.Icone.accept}
            file={icone}
            onChange={setIcone}
            error={errors.icone}
          />
          <FilePicker
            id="product-3d"
            label="Modèle 3D"
            accept={PRODUCT_FILES.Chemin_3d.accept}
            file={model3d}
            onChange={setModel3d}
            hint="Formats acceptés : .fbx, .stl, .step"
            error={errors.model3d}
          />
          <div className="field">
            <span className="field-label" id="placement-label">
              Placement
            </span>
            <SelectButton
              aria-labelledby="placement-label"
              value={placement}
              options={[...PLACEMENTS]}
              onChange={(e) => setPlacement((e.value as Placement | null) ?? null)}
            />
          </div>
          <FilePicker
            id="product-fiche-cote"
            label="Fiche de cote (PDF)"
            accept={PRODUCT_FILES.FicheCote.accept}
            file={ficheCote}
            onChange={setFicheCote}
            error={errors.ficheCote}
          />
          <FilePicker
            id="product-fiche"
            label="Fiche produit (PDF)"
            accept={PRODUCT_FILES.Chemin_pdf.accept}
            file={fichePdf}
            onChange={setFichePdf}
            error={errors.fichePdf}
          />
          <div className="field wide">
            <label htmlFor="product-spec">Spécification</label>
            <InputTextarea
              id="product-spec"
              rows={4}
              value={specification}
              onChange={(e) => setSpecification(e.target.value)}
              autoResize
            />
          </div>
          <div className="field">
            <label htmlFor="product-price">Prix catalogue</label>
            <InputNumber
              inputId="product-price"
              value={prix}
              onValueChange={(e) => setPrix(e.value ?? null)}
              mode="currency"
              currency="EUR"
              locale="fr-FR"
              min={0}
              invalid={!!errors.prix}
            />
            {errors.prix && <small className="field-error">{errors.prix}</small>}
          </div>
        </div>
        {serverError && <Message severity="error" text={serverError} className="catalogue-status" />}
        <div className="catalogue-actions">
          <Button
            type="submit"
            label={editId === null ? 'Créer le produit' : 'Enregistrer les modifications'}
            icon="pi pi-check"
            loading={saving}
            disabled={!current.loaded}
          />
          <Button type="button" label="Annuler" outlined onClick={() => navigate('/catalogue')} />
        </div>
      </form>
    </section>
  );
}
