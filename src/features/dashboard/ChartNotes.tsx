// "Notes du graphique": the period's notes, numbered as the "Évolution" chart marks them, and for the roles
// that may change the catalogue a form to add one and a button to delete each (domain/annotation.ts).
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useId, useState } from 'react';

import type { ProductRef } from '#domain/analytics/fields';
import type { PlacedNote } from '#domain/analytics/noteBuckets';
import type { Scope } from '#domain/analytics/selection';
import { ANNOTATION_TEXT_MAX, annotationPayloadSchema } from '#domain/annotation';

import { ApiError } from '../../api/http';
import { useCreateAnnotationMutation, useDeleteAnnotationMutation } from '../../api/queries/annotations';
import { confirmDanger } from '../../ui/confirmDanger';
import { LoadError } from '../../ui/LoadError';
import { notifyError, notifySuccess } from '../../ui/toast';

interface Props {
  companyId: number;
  placed: PlacedNote[];
  /** The chart's bucket labels, to say where each note is drawn. */
  labels: readonly string[];
  products: ProductRef[];
  scope: Scope;
  canManage: boolean;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

const frenchDay = (iso: string) => iso.split('-').reverse().join('/');
const today = () => new Date().toLocaleDateString('sv-SE');

type Errors = Partial<Record<'jour' | 'texte' | 'idGroupeModel' | 'form', string>>;

export function ChartNotes({ companyId, placed, labels, products, scope, canManage, loading, failed, onRetry }: Props) {
  const id = useId();
  const [jour, setJour] = useState(today);
  const [texte, setTexte] = useState('');
  const [produit, setProduit] = useState<string>(scope === 'all' ? '' : String(scope));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateAnnotationMutation(companyId);
  const remove = useDeleteAnnotationMutation(companyId);
  const productName = (pid: number | null) =>
    pid === null ? null : (products.find((p) => p.id === pid)?.name ?? `Produit ${pid}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const payload = { jour, texte, idGroupeModel: produit ? Number(produit) : null };
    const parsed = annotationPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(payload, {
      onSuccess: () => {
        setTexte('');
        notifySuccess('Note ajoutée');
      },
      // The typed note stays in the form: "Ajouter la note" sends it again.
      onError: (err) =>
        setErrors(
          err instanceof ApiError && Object.keys(err.fieldErrors).length
            ? err.fieldErrors
            : { form: `La note n'a pas pu être enregistrée : ${err.message}` },
        ),
    });
  };

  const askDelete = (p: PlacedNote) =>
    confirmDanger({
      message: `Supprimer la note du ${frenchDay(p.note.jour)} « ${p.note.texte} » ?`,
      accept: () =>
        remove.mutateAsync(p.note.id).then(
          () => notifySuccess('Note supprimée'),
          (err: unknown) => notifyError("La note n'a pas pu être supprimée.", err),
        ),
    });

  const fieldError = (name: keyof Errors) =>
    errors[name] ? (
      <small id={`${id}-${name}-error`} className="p-error">
        {errors[name]}
      </small>
    ) : null;
  const described = (name: keyof Errors) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <section className="card chart-notes" aria-labelledby="notes-title">
      <h3 id="notes-title">Notes du graphique</h3>
      {/* confirmDanger's dialog shows in the page's own ConfirmDialog. */}
      {canManage && <ConfirmDialog />}
      {failed ? (
        <LoadError text="Les notes n'ont pas pu être chargées." onRetry={onRetry} />
      ) : loading ? (
        <p className="muted">Chargement des notes…</p>
      ) : placed.length === 0 ? (
        <p className="muted">Aucune note sur cette période.</p>
      ) : (
        <ol className="chart-notes-list">
          {placed.map((p) => (
            <li key={p.note.id}>
              <span>
                <strong>{frenchDay(p.note.jour)}</strong> — {p.note.texte}
                {p.note.idGroupeModel !== null && <span className="muted"> ({productName(p.note.idGroupeModel)})</span>}
                <span className="muted"> · {labels[p.bucket]}</span>
              </span>
              {canManage && (
                <Button
                  type="button"
                  size="small"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={`Supprimer la note du ${frenchDay(p.note.jour)}`}
                  onClick={() => askDelete(p)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {canManage && (
        <form className="chart-notes-form" onSubmit={submit} noValidate>
          <div className="form-field">
            <label htmlFor={`${id}-jour`}>Date</label>
            <input
              id={`${id}-jour`}
              type="date"
              className={`p-inputtext p-component${errors.jour ? ' p-invalid' : ''}`}
              value={jour}
              onChange={(e) => setJour(e.target.value)}
              aria-invalid={!!errors.jour}
              aria-describedby={described('jour')}
              required
            />
            {fieldError('jour')}
          </div>
          <div className="form-field chart-notes-text">
            <label htmlFor={`${id}-texte`}>Note</label>
            <InputText
              id={`${id}-texte`}
              value={texte}
              maxLength={ANNOTATION_TEXT_MAX}
              placeholder="Nouveau modèle 3D, campagne Instagram…"
              onChange={(e) => setTexte(e.target.value)}
              invalid={!!errors.texte}
              aria-invalid={!!errors.texte}
              aria-describedby={described('texte')}
              required
            />
            {fieldError('texte')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-produit`}>Concerne</label>
            <select
              id={`${id}-produit`}
              className={`p-inputtext p-component${errors.idGroupeModel ? ' p-invalid' : ''}`}
              value={produit}
              onChange={(e) => setProduit(e.target.value)}
              aria-invalid={!!errors.idGroupeModel}
              aria-describedby={described('idGroupeModel')}
            >
              <option value="">Toute l'entreprise</option>
              {products.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
            {fieldError('idGroupeModel')}
          </div>
          <Button type="submit" icon="pi pi-plus" label="Ajouter la note" loading={create.isPending} />
          {errors.form && (
            <p className="p-error chart-notes-form-error" role="alert">
              {errors.form}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
