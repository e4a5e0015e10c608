// /options?groupId=: option groups of type Texte (Bascule or Liste) or Coloris; options may be staged and
// are all sent in parallel, one POST /api/Option each; success -> /dashboard (docs/product.md §2.2.10, 4, 5).
import './catalogue.css';

import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { type FieldError, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';

import {
  buildOptionPayload,
  describeOption,
  emptyOptionForm,
  isBlankOptionForm,
  MAX_LIST_ITEMS,
  OPTION_TYPES,
  type OptionForm,
  optionFormSchema,
  type OptionPayload,
  TEXTE_MODES,
} from '#domain/option';

import { ApiError } from '../../api/http';
import { useCouleursQuery, useCreateOptionMutation, useGroupeModelQuery } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { DropdownField } from '../../ui/DropdownField';
import { FormField } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { readSession, removeSession, useSessionState, writeSession } from '../../ui/useSessionState';
import { ChoiceField } from './ChoiceField';
import { MissingGroup, useGroupId } from './useGroupId';

export function OptionsPage() {
  const groupId = useGroupId();
  const product = useGroupeModelQuery(groupId);
  const unknownProduct = product.error instanceof ApiError && product.error.status === 404;
  useLoggedError(product.error, 'Error fetching GroupModels');

  if (groupId === null) return <MissingGroup />;
  if (unknownProduct)
    return (
      <MissingGroup text="Ce produit est introuvable : il a peut-être été supprimé, ou il appartient à une autre entreprise." />
    );
  return <OptionsForm key={groupId} groupId={groupId} productName={product.data?.nomGroupeModel ?? null} />;
}

function OptionsForm({ groupId, productName }: { groupId: number; productName: string | null }) {
  const navigate = useNavigate();
  // Kept per product in sessionStorage: "Créer un nuancier" and back loses nothing.
  const formKey = `v3d.options.form.${groupId}`;
  const [initial] = useState(() => readSession(formKey, emptyOptionForm));
  const [staged, setStaged, clearStaged] = useSessionState<OptionPayload[]>(`v3d.options.staged.${groupId}`, () => []);
  const form = useForm<OptionForm>({ resolver: zodResolver(optionFormSchema), defaultValues: initial });
  // Every field has a default value: what is watched is a whole form.
  const values = useWatch({ control: form.control }) as OptionForm;
  useEffect(() => writeSession(formKey, values), [formKey, values]);
  const { errors } = form.formState;
  const [done, setDone] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const createOption = useCreateOptionMutation();
  const couleurs = useCouleursQuery();
  useLoggedError(couleurs.error, 'Erreur lors de la récupération des couleurs');

  const paletteOptions = useMemo(
    () =>
      [...new Set((couleurs.data ?? []).map((c) => c.nuancier).filter((n): n is string => !!n))].map((p) => ({
        label: p,
        value: p,
      })),
    [couleurs.data],
  );

  /** Checks the form as an option; focus goes to the first value to fix. */
  const valid = () => form.trigger(undefined, { shouldFocus: true });

  async function stage() {
    if (!(await valid())) return;
    // Built now: the state updater runs later, once the form is emptied.
    const option = buildOptionPayload(form.getValues(), groupId);
    setStaged((s) => [...s, option]);
    form.reset(emptyOptionForm());
  }

  async function submit() {
    setSubmitError(null);
    // The group name is required unless staged options exist and the form is left empty.
    const alone = staged.length > 0 && isBlankOptionForm(form.getValues());
    if (alone) form.clearErrors();
    else if (!(await valid())) return;
    const toSend = alone ? staged : [...staged, buildOptionPayload(form.getValues(), groupId)];
    setSaving(true);
    const results = await Promise.allSettled(toSend.map((p) => createOption.mutateAsync(p)));
    setSaving(false);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length) {
      // Keep only what was not stored, so a retry does not duplicate options.
      setStaged(toSend.filter((_, i) => results[i].status === 'rejected'));
      if (!alone) form.reset(emptyOptionForm());
      const message = `Erreur: ${(failed[0].reason as Error)?.message ?? 'erreur inconnue'}`;
      console.error(message, failed);
      setSubmitError(message);
      notifyError(message, failed[0].reason);
      return;
    }
    notifySuccess(toSend.length > 1 ? `${toSend.length} options enregistrées` : 'Option enregistrée');
    forget();
    setDone(true);
  }

  /** Ends the flow with no option: an empty form's copy goes; a typed one is the leave guard's question. */
  function finishWithout() {
    if (isBlankOptionForm(form.getValues())) removeSession(formKey);
    void navigate('/dashboard');
  }

  function forget() {
    removeSession(formKey);
    clearStaged();
    setStaged([]);
    form.reset(emptyOptionForm());
  }

  /** The list's items, changed as a whole (their errors point at positions that no longer hold them). */
  const setItems = (items: string[]) => {
    form.clearErrors('items');
    form.setValue('items', items, { shouldDirty: true });
  };
  // The list's own message (none, too many), else its first item's: shown once, below the list.
  const listErrors = errors.items as (FieldError & Partial<Record<number, FieldError>>) | undefined;
  const itemError = (i: number) => listErrors?.[i]?.message;
  const listError = listErrors?.message ?? values.items.map((_, i) => itemError(i)).find(Boolean);

  return (
    <section>
      <FormProvider {...form}>
        <FormLeaveGuard
          unsaved={staged.length > 0 || !isBlankOptionForm(values)}
          saved={done}
          onSaved={() => void navigate('/dashboard')}
          allow={(next) => next.pathname === '/nuancier'}
          onLeave={forget}
        />
        <PageTitle
          actions={
            <Button
              label="Créer un nuancier"
              icon="pi pi-palette"
              outlined
              onClick={() => navigate(`/nuancier?groupId=${groupId}`)}
            />
          }
        >
          Options{productName ? ` : ${productName}` : ''}
        </PageTitle>
        <div className="card">
          <div className="catalogue-form">
            <FormField name="nomGroupe" id="option-group" label="Nom du groupe" className="field">
              {(a11y) => <InputText {...form.register('nomGroupe')} {...a11y} />}
            </FormField>
            <ChoiceField
              name="typeOption"
              id="option-type-label"
              label="Type d'option"
              options={OPTION_TYPES}
              allowEmpty={false}
            />
            {values.typeOption === 'Texte' && (
              <ChoiceField
                name="texteMode"
                id="option-mode-label"
                label="Choix"
                options={TEXTE_MODES}
                allowEmpty={false}
              />
            )}
            {values.typeOption === 'Texte' && values.texteMode === 'Bascule' && (
              <>
                <FormField name="left" id="option-left" label="Valeur gauche" className="field">
                  {(a11y) => <InputText {...form.register('left')} {...a11y} />}
                </FormField>
                <FormField name="right" id="option-right" label="Valeur droite" className="field">
                  {(a11y) => <InputText {...form.register('right')} {...a11y} />}
                </FormField>
              </>
            )}
            {values.typeOption === 'Texte' && values.texteMode === 'Liste' && (
              <div className="field wide">
                <span className="field-label">
                  Éléments de la liste ({values.items.length} / {MAX_LIST_ITEMS})
                </span>
                <div className="list-items">
                  {values.items.map((_, i) => {
                    const invalid = !!itemError(i);
                    return (
                      <div className="list-item" key={i}>
                        <InputText
                          {...form.register(`items.${i}`)}
                          aria-label={`Élément ${i + 1}`}
                          invalid={invalid}
                          aria-invalid={invalid}
                          aria-describedby={invalid ? 'option-list-error' : undefined}
                        />
                        <Button
                          type="button"
                          icon="pi pi-trash"
                          text
                          severity="danger"
                          aria-label={`Retirer l'élément ${i + 1}`}
                          onClick={() => setItems(values.items.filter((_, k) => k !== i))}
                        />
                      </div>
                    );
                  })}
                </div>
                <Button
                  type="button"
                  label="Ajouter un élément"
                  icon="pi pi-plus"
                  text
                  disabled={values.items.length >= MAX_LIST_ITEMS}
                  onClick={() => setItems([...values.items, ''])}
                />
                {listError && (
                  <small className="field-error" id="option-list-error" role="alert">
                    {listError}
                  </small>
                )}
              </div>
            )}
            {values.typeOption === 'Coloris' && (
              <DropdownField
                name="colorTag"
                id="option-palette"
                label="Nuancier"
                className="field"
                options={paletteOptions}
                showClear
                placeholder={paletteOptions.length ? 'Choisissez un nuancier' : 'Aucun nuancier'}
              />
            )}
          </div>
          <div className="catalogue-actions">
            <Button type="button" label="Ajouter cette option" icon="pi pi-plus" outlined onClick={stage} />
          </div>
          {staged.length > 0 && (
            <>
              <h2 className="field-label">Options à enregistrer ({staged.length})</h2>
              <ul className="staged-list">
                {staged.map((p, i) => (
                  <li key={i}>
                    <span>
                      <strong>{p.typeOption}</strong> · {describeOption(p)}
                    </span>
                    <Button
                      type="button"
                      icon="pi pi-times"
                      text
                      aria-label={`Retirer l'option ${p.nomGroupe}`}
                      onClick={() => setStaged((s) => s.filter((_, k) => k !== i))}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
          {submitError && <Message severity="error" text={submitError} className="catalogue-status" />}
          <div className="catalogue-actions">
            <Button
              type="button"
              label="Enregistrer les options"
              icon="pi pi-check"
              onClick={submit}
              loading={saving}
            />
            {/* A product without options is normal: the flow ends where a save would end it. Offered while
                nothing is staged; an option typed and not added is asked about by the leave guard. */}
            {staged.length === 0 && (
              <Button
                type="button"
                label="Terminer sans option"
                icon="pi pi-arrow-right"
                outlined
                disabled={saving}
                onClick={finishWithout}
              />
            )}
          </div>
        </div>
      </FormProvider>
    </section>
  );
}
