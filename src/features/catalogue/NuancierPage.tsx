// /nuancier?groupId=: a colour palette (name, description, colours with a colour picker), stored as colours.
import './catalogue.css';

import { Button } from 'primereact/button';
import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { createCouleur } from '../../api/catalogue';
import { COULEUR_MESSAGES } from '../../domain/option';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { PageTitle } from '../../ui/PageTitle';
import { notifySuccess } from '../../ui/toast';
import { useGroupId } from './useGroupId';

interface Row {
  key: number;
  nom: string;
  valeur: string; // #rrggbb
}
let nextKey = 1;
const newRow = (): Row => ({ key: nextKey++, nom: '', valeur: '#4338ca' });
const HEX = /^#[0-9a-fA-F]{6}$/;

export function NuancierPage() {
  // The palette may belong to a product (from /options) or to the whole catalogue (no groupId).
  const groupId = useGroupId();
  const navigate = useNavigate();
  const [nuancier, setNuancier] = useState('');
  const [description, setDescription] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLDivElement>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const update = (key: number, patch: Partial<Row>) =>
    setRows((l) => l.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const back = groupId ? `/options?groupId=${groupId}` : '/catalogue';

  async function save() {
    const found: Record<string, string> = {};
    if (!nuancier.trim()) found.nuancier = COULEUR_MESSAGES.nuancier;
    if (!rows.length) found.couleurs = COULEUR_MESSAGES.couleurs;
    rows.forEach((r) => {
      if (!r.nom.trim()) found[`nom${r.key}`] = COULEUR_MESSAGES.nom;
      if (!HEX.test(r.valeur)) found[`valeur${r.key}`] = COULEUR_MESSAGES.valeur;
    });
    setErrors(found);
    if (Object.keys(found).length) return failed();
    setSaving(true);
    setError(null);
    try {
      await Promise.all(
        rows.map((r) =>
          createCouleur({
            nuancier: nuancier.trim(),
            nomCouleur: r.nom.trim(),
            valeur: r.valeur,
            description: description.trim() || null,
            idGroupeModel: groupId,
          }),
        ),
      );
      notifySuccess(`Nuancier « ${nuancier.trim()} » enregistré`);
      void navigate(back);
    } catch (err) {
      console.error('Erreur lors de l’enregistrement du nuancier', err);
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <PageTitle>Nuancier</PageTitle>
      <div className="card" ref={formRef}>
        <div className="catalogue-form">
          <div className="field">
            <label htmlFor="nuancier-name">Nom du nuancier</label>
            <InputText
              id="nuancier-name"
              value={nuancier}
              onChange={(e) => setNuancier(e.target.value)}
              invalid={!!errors.nuancier}
            />
            {errors.nuancier && <small className="field-error">{errors.nuancier}</small>}
          </div>
          <div className="field wide">
            <label htmlFor="nuancier-description">Description</label>
            <InputTextarea
              id="nuancier-description"
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="field wide">
            <span className="field-label">Couleurs ({rows.length})</span>
            {rows.map((r, i) => (
              <div key={r.key}>
                <div className="colour-row">
                  <ColorPicker
                    value={r.valeur.slice(1)}
                    onChange={(e) => update(r.key, { valeur: `#${e.value as string}` })}
                    aria-label={`Sélecteur de la couleur ${i + 1}`}
                  />
                  <InputText
                    aria-label={`Valeur de la couleur ${i + 1}`}
                    value={r.valeur}
                    onChange={(e) => update(r.key, { valeur: e.target.value.trim() })}
                    style={{ width: '7rem' }}
                    invalid={!!errors[`valeur${r.key}`]}
                  />
                  <InputText
                    aria-label={`Nom de la couleur ${i + 1}`}
                    placeholder="Nom de la couleur"
                    value={r.nom}
                    onChange={(e) => update(r.key, { nom: e.target.value })}
                    invalid={!!errors[`nom${r.key}`]}
                  />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    aria-label={`Retirer la couleur ${i + 1}`}
                    onClick={() => setRows((l) => l.filter((x) => x.key !== r.key))}
                  />
                </div>
                {(errors[`nom${r.key}`] || errors[`valeur${r.key}`]) && (
                  <small className="field-error">{errors[`nom${r.key}`] ?? errors[`valeur${r.key}`]}</small>
                )}
              </div>
            ))}
            {errors.couleurs && <small className="field-error">{errors.couleurs}</small>}
            <div>
              <Button
                type="button"
                label="Ajouter une couleur"
                icon="pi pi-plus"
                text
                onClick={() => setRows((l) => [...l, newRow()])}
              />
            </div>
          </div>
        </div>
        {error && <Message severity="error" text={error} className="catalogue-status" />}
        <div className="catalogue-actions">
          <Button type="button" label="Enregistrer le nuancier" icon="pi pi-check" onClick={save} loading={saving} />
          <Button type="button" label="Retour" outlined onClick={() => navigate(back)} />
        </div>
      </div>
    </section>
  );
}
