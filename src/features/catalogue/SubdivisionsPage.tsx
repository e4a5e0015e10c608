// /sousdiv?groupId=: the sub-options table (name, icon file, affected sizes); validating -> /options (docs/product.md §2.2.9).
import './catalogue.css';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { createSousOptions } from '../../api/catalogue';
import { ApiError } from '../../api/http';
import { SOUS_OPTION_MESSAGES } from '../../domain/option';
import { ICON_RULE } from '../../domain/product';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { PageTitle } from '../../ui/PageTitle';
import { MissingGroup, useGroupId } from './useGroupId';

interface Row {
  key: number;
  sousNom: string;
  icone: File | null;
  tailles: string;
}

let nextKey = 1;
const newRow = (): Row => ({ key: nextKey++, sousNom: '', icone: null, tailles: '' });

export function SubdivisionsPage() {
  const groupId = useGroupId();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLDivElement>();

  if (groupId === null) return <MissingGroup />;
  const update = (key: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function validate() {
    const found: Record<number, string> = {};
    rows.forEach((r) => {
      if (!r.sousNom.trim()) found[r.key] = SOUS_OPTION_MESSAGES.sousNom;
    });
    setErrors(found);
    setError(rows.length ? null : 'Ajoutez au moins une subdivision.');
    if (Object.keys(found).length) return failed();
    if (!rows.length) return;
    setSaving(true);
    try {
      // One request for the whole table: the server stores every row or none (no half-saved table to
      // duplicate on a retry).
      const form = new FormData();
      form.append('IdModel', String(groupId));
      form.append('Rows', JSON.stringify(rows.map((r) => ({ SousNom: r.sousNom.trim(), Tailles: r.tailles.trim() }))));
      rows.forEach((r, i) => r.icone && form.append(`SousIcone_${i}`, r.icone, r.icone.name));
      await createSousOptions(form);
      void navigate(`/options?groupId=${groupId}`);
    } catch (err) {
      console.error('Erreur lors de l’enregistrement des subdivisions', err);
      // Row errors come back keyed SousNom_i / SousIcone_i: show each beside its row.
      const byRow: Record<number, string> = {};
      if (err instanceof ApiError)
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          const row = rows[Number(field.split('_')[1])];
          if (row) byRow[row.key] ??= message;
        }
      setErrors(byRow);
      if (Object.keys(byRow).length) failed();
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <PageTitle>Subdivisions du modèle</PageTitle>
      <div className="card" ref={formRef}>
        <div className="table-scroll">
          <table className="rows-table">
            <thead>
              <tr>
                <th>Nom de la subdivision</th>
                <th>Icône</th>
                <th>Tailles concernées</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key}>
                  <td>
                    <InputText
                      aria-label={`Nom de la subdivision ${i + 1}`}
                      value={r.sousNom}
                      onChange={(e) => update(r.key, { sousNom: e.target.value })}
                      invalid={!!errors[r.key]}
                    />
                    {errors[r.key] && <div className="field-error">{errors[r.key]}</div>}
                  </td>
                  <td>
                    <input
                      type="file"
                      aria-label={`Icône de la subdivision ${i + 1}`}
                      accept={ICON_RULE.accept}
                      onChange={(e) => update(r.key, { icone: e.target.files?.[0] ?? null })}
                    />
                  </td>
                  <td>
                    <InputText
                      aria-label={`Tailles concernées ${i + 1}`}
                      placeholder="ex. 150 cm, 190 cm"
                      value={r.tailles}
                      onChange={(e) => update(r.key, { tailles: e.target.value })}
                    />
                  </td>
                  <td>
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label={`Supprimer la subdivision ${i + 1}`}
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
            label="Ajouter une subdivision"
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
