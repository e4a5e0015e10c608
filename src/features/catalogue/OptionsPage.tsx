// /options?groupId=: option groups of type Texte (Bascule or Liste) or Coloris; options may be staged and
// are all sent in parallel, one POST /api/Option each; success -> /dashboard (docs/product.md §2.2.10, 4, 5).
import './catalogue.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { createOption } from '../../api/catalogue';
import { ApiError } from '../../api/http';
import { useCouleursQuery, useGroupeModelQuery } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import {
  buildOptionPayload,
  describeOption,
  emptyOptionForm,
  isBlankOptionForm,
  MAX_LIST_ITEMS,
  OPTION_TYPES,
  type OptionForm,
  type OptionPayload,
  TEXTE_MODES,
  validateOptionForm,
} from '../../domain/option';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { LeaveGuard } from '../../ui/LeaveGuard';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { useSessionState } from '../../ui/useSessionState';
import { MissingGroup, useGroupId } from './useGroupId';

export function OptionsPage() {
  const groupId = useGroupId();
  const navigate = useNavigate();
  // Kept per product in sessionStorage: "Créer un nuancier" and back loses nothing.
  const [form, setForm, clearForm] = useSessionState<OptionForm>(`v3d.options.form.${groupId}`, emptyOptionForm);
  const [staged, setStaged, clearStaged] = useSessionState<OptionPayload[]>(`v3d.options.staged.${groupId}`, () => []);
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<ReturnType<typeof validateOptionForm>>({});
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLDivElement>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const product = useGroupeModelQuery(groupId);
  const productName = product.data?.nomGroupeModel ?? null;
  const unknownProduct = product.error instanceof ApiError && product.error.status === 404;
  useLoggedError(product.error, 'Error fetching GroupModels');
  const couleurs = useCouleursQuery();
  useLoggedError(couleurs.error, 'Erreur lors de la récupération des couleurs');

  useEffect(() => {
    // After the state is emptied (the guard then lets the navigation through).
    if (done) void navigate('/dashboard');
  }, [done, navigate]);

  const paletteOptions = useMemo(
    () =>
      [...new Set((couleurs.data ?? []).map((c) => c.nuancier).filter((n): n is string => !!n))].map((p) => ({
        label: p,
        value: p,
      })),
    [couleurs.data],
  );

  if (groupId === null) return <MissingGroup />;
  if (unknownProduct)
    return (
      <MissingGroup text="Ce produit est introuvable : il a peut-être été supprimé, ou il appartient à une autre entreprise." />
    );
  const set = (patch: Partial<OptionForm>) => setForm((f) => ({ ...f, ...patch }));

  /** Checks the form; returns its payload, or null (errors shown). */
  function current(): OptionPayload | null {
    const found = validateOptionForm(form);
    setErrors(found);
    if (Object.keys(found).length) failed();
    return Object.keys(found).length ? null : buildOptionPayload(form, groupId!);
  }

  function stage() {
    const payload = current();
    if (!payload) return;
    setStaged((s) => [...s, payload]);
    setForm(emptyOptionForm());
  }

  async function submit() {
    setSubmitError(null);
    let toSend = staged;
    // The group name is required unless staged options exist and the form is left empty.
    if (!(staged.length && isBlankOptionForm(form))) {
      const payload = current();
      if (!payload) return;
      toSend = [...staged, payload];
    } else setErrors({});
    setSaving(true);
    const results = await Promise.allSettled(toSend.map((p) => createOption(p)));
    setSaving(false);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length) {
      // Keep only what was not stored, so a retry does not duplicate options.
      setStaged(toSend.filter((_, i) => results[i].status === 'rejected'));
      if (!isBlankOptionForm(form)) setForm(emptyOptionForm());
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

  function forget() {
    clearForm();
    clearStaged();
    setStaged([]);
    setForm(emptyOptionForm());
  }

  return (
    <section>
      <LeaveGuard
        when={!done && (staged.length > 0 || !isBlankOptionForm(form))}
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
      <div className="card" ref={formRef}>
        <div className="catalogue-form">
          <div className="field">
            <label htmlFor="option-group">Nom du groupe</label>
            <InputText
              id="option-group"
              value={form.nomGroupe}
              onChange={(e) => set({ nomGroupe: e.target.value })}
              invalid={!!errors.nomGroupe}
            />
            {errors.nomGroupe && <small className="field-error">{errors.nomGroupe}</small>}
          </div>
          <div className="field">
            <span className="field-label" id="option-type-label">
              Type d'option
            </span>
            <SelectButton
              aria-labelledby="option-type-label"
              value={form.typeOption}
              options={[...OPTION_TYPES]}
              allowEmpty={false}
              onChange={(e) => set({ typeOption: e.value as OptionForm['typeOption'] })}
            />
          </div>
          {form.typeOption === 'Texte' && (
            <div className="field">
              <span className="field-label" id="option-mode-label">
                Choix
              </span>
              <SelectButton
                aria-labelledby="option-mode-label"
                value={form.texteMode}
                options={[...TEXTE_MODES]}
                allowEmpty={false}
                onChange={(e) => set({ texteMode: e.value as OptionForm['texteMode'] })}
              />
            </div>
          )}
          {form.typeOption === 'Texte' && form.texteMode === 'Bascule' && (
            <div className="field wide">
              <div className="colour-row">
                <label htmlFor="option-left">Valeur gauche</label>
                <InputText
                  id="option-left"
                  value={form.left}
                  onChange={(e) => set({ left: e.target.value })}
                  invalid={!!errors.toggle && !form.left.trim()}
                />
                <label htmlFor="option-right">Valeur droite</label>
                <InputText
                  id="option-right"
                  value={form.right}
                  onChange={(e) => set({ right: e.target.value })}
                  invalid={!!errors.toggle && !form.right.trim()}
                />
              </div>
              {errors.toggle && <small className="field-error">{errors.toggle}</small>}
            </div>
          )}
          {form.typeOption === 'Texte' && form.texteMode === 'Liste' && (
            <div className="field wide">
              <span className="field-label">
                Éléments de la liste ({form.items.length} / {MAX_LIST_ITEMS})
              </span>
              <div className="list-items">
                {form.items.map((item, i) => (
                  <div className="list-item" key={i}>
                    <InputText
                      aria-label={`Élément ${i + 1}`}
                      value={item}
                      onChange={(e) => set({ items: form.items.map((x, k) => (k === i ? e.target.value : x)) })}
                      invalid={!!errors.liste && !item.trim()}
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label={`Retirer l'élément ${i + 1}`}
                      onClick={() => set({ items: form.items.filter((_, k) => k !== i) })}
                    />
                  </div>
                ))}
              </div>
              <Button
                type="button"
                label="Ajouter un élément"
                icon="pi pi-plus"
                text
                disabled={form.items.length >= MAX_LIST_ITEMS}
                onClick={() => set({ items: [...form.items, ''] })}
              />
              {errors.liste && <small className="field-error">{errors.liste}</small>}
            </div>
          )}
          {form.typeOption === 'Coloris' && (
            <div className="field">
              <label htmlFor="option-palette">Nuancier</label>
              <Dropdown
                inputId="option-palette"
                value={form.colorTag}
                options={paletteOptions}
                showClear
                placeholder={paletteOptions.length ? 'Choisissez un nuancier' : 'Aucun nuancier'}
                onChange={(e) => set({ colorTag: (e.value as string | null) ?? null })}
              />
            </div>
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
          <Button type="button" label="Enregistrer les options" icon="pi pi-check" onClick={submit} loading={saving} />
        </div>
      </div>
    </section>
  );
}
