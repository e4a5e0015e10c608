// /modeles?groupId=: the models of a product (name, icon, 3D file table); validating -> /options.
import './catalogue.css';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { createModel } from '../../api/catalogue';
import { useModelsQuery } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { ICON_RULE, type Model, MODEL_3D_RULE, MODEL_MESSAGES } from '../../domain/product';
import { PageTitle } from '../../ui/PageTitle';
import { MissingGroup, useGroupId } from './useGroupId';

interface Row {
  key: number;
  nom: string;
  icone: File | null;
  model3d: File | null;
}
let nextKey = 1;
const NO_MODELS: Model[] = [];
const newRow = (): Row => ({ key: nextKey++, nom: '', icone: null, model3d: null });

export function ModelsPage() {
  const groupId = useGroupId();
  const navigate = useNavigate();
  const existingQuery = useModelsQuery(groupId);
  const existing = existingQuery.data ?? NO_MODELS;
  useLoggedError(existingQuery.error, 'Error fetching Models');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (groupId === null) return <MissingGroup />;
  const update = (key: number, patch: Partial<Row>) =>
    setRows((l) => l.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function validate() {
    const found: Record<number, string> = {};
    rows.forEach((r) => {
      if (!r.nom.trim()) found[r.key] = MODEL_MESSAGES.nom;
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setError(null);
    try {
      await Promise.all(
        rows.map((r) => {
          const form = new FormData();
          form.append('Nom', r.nom.trim());
          form.append('IdGroupeModel', String(groupId));
          if (r.icone) form.append('Icone', r.icone, r.icone.name);
          if (r.model3d) form.append('Model3d', r.model3d, r.model3d.name);
          return createModel(form);
        }),
      );
      void navigate(`/options?groupId=${groupId}`);
    } catch (err) {
      console.error('Erreur lors de la création des modèles', err);
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <PageTitle>Modèles</PageTitle>
      <div className="card">
        {existing.length > 0 && (
          <p className="muted">Modèles déjà enregistrés : {existing.map((m) => m.nom).join(', ')}</p>
        )}
        <div className="table-scroll">
          <table className="rows-table">
            <thead>
              <tr>
                <th>Nom</th>
                <th>Icône</th>
                <th>Fichier 3D (.fbx, .stl, .step)</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key}>
                  <td>
                    <InputText
                      aria-label={`Nom du modèle ${i + 1}`}
                      value={r.nom}
                      onChange={(e) => update(r.key, { nom: e.target.value })}
                      invalid={!!errors[r.key]}
                    />
                    {errors[r.key] && <div className="field-error">{errors[r.key]}</div>}
                  </td>
                  <td>
                    <input
                      type="file"
                      aria-label={`Icône du modèle ${i + 1}`}
                      accept={ICON_RULE.accept}
                      onChange={(e) => update(r.key, { icone: e.target.files?.[0] ?? null })}
                    />
                  </td>
                  <td>
                    <input
                      type="file"
                      aria-label={`Fichier 3D du modèle ${i + 1}`}
                      accept={MODEL_3D_RULE.accept}
                      onChange={(e) => update(r.key, { model3d: e.target.files?.[0] ?? null })}
                    />
                  </td>
                  <td>
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label={`Supprimer le modèle ${i + 1}`}
                      onClick={() => setRows((l) => l.filter((x) => x.key !== r.key))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {error && <Message severity="error" text={error} className="catalogue-status" />}
        <div className="catalogue-actions">
          <Button
            type="button"
            label="Ajouter un modèle"
            icon="pi pi-plus"
            outlined
            onClick={() => setRows((l) => [...l, newRow()])}
          />
          <Button type="button" label="Valider" icon="pi pi-check" onClick={validate} loading={saving} />
        </div>
      </div>
    </section>
  );
}
