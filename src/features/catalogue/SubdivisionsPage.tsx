// /sousdiv?groupId=: the sub-options table (name, icon file, affected sizes); validating -> /options (docs/product.md §2.2.9).
import './catalogue.css';

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';

import { sousOptionRowSchema } from '#domain/option';
import { ICON_RULE } from '#domain/product';

import { ApiError } from '../../api/http';
import { useCreateSousOptionsMutation } from '../../api/queries/catalogue';
import { FileCell } from '../../ui/FileCell';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { LeaveGuard } from '../../ui/LeaveGuard';
import { PageTitle } from '../../ui/PageTitle';
import { type RowsColumn, RowsEditor } from '../../ui/RowsEditor';
import { textColumn } from '../../ui/textColumn';
import { errorKey, useRows } from '../../ui/useRows';
import { MissingGroup, useGroupId } from './useGroupId';

interface SubdivisionRow {
  sousNom: string;
  icone: File | null;
  tailles: string;
}
const blank = (): SubdivisionRow => ({ sousNom: '', icone: null, tailles: '' });

export function SubdivisionsPage() {
  const groupId = useGroupId();
  const editor = useRows(blank);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const createSousOptions = useCreateSousOptionsMutation();
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLDivElement>();

  if (groupId === null) return <MissingGroup />;
  const { rows } = editor;

  const columns: Array<RowsColumn<SubdivisionRow>> = [
    textColumn(editor, {
      header: 'Nom de la subdivision',
      field: 'sousNom',
      label: (n) => `Nom de la subdivision ${n}`,
    }),
    {
      header: 'Icône',
      cell: (r, i) => (
        <FileCell
          label={`Icône de la subdivision ${i + 1}`}
          accept={ICON_RULE.accept}
          onPick={(icone) => editor.update(r.key, { icone })}
        />
      ),
    },
    textColumn(editor, {
      header: 'Tailles concernées',
      field: 'tailles',
      label: (n) => `Tailles concernées ${n}`,
      placeholder: 'ex. 150 cm, 190 cm',
    }),
  ];

  async function validate() {
    const valid = editor.validate(sousOptionRowSchema);
    setError(rows.length ? null : 'Ajoutez au moins une subdivision.');
    if (!valid) return failed();
    if (!rows.length) return;
    setSaving(true);
    try {
      // One request for the whole table: the server stores every row or none (no half-saved table to
      // duplicate on a retry).
      const form = new FormData();
      form.append('IdModel', String(groupId));
      form.append('Rows', JSON.stringify(rows.map((r) => ({ SousNom: r.sousNom.trim(), Tailles: r.tailles.trim() }))));
      rows.forEach((r, i) => r.icone && form.append(`SousIcone_${i}`, r.icone, r.icone.name));
      await createSousOptions.mutateAsync(form);
      editor.leave(`/options?groupId=${groupId}`);
    } catch (err) {
      console.error('Erreur lors de l’enregistrement des subdivisions', err);
      // Row errors come back keyed SousNom_i / Tailles_i / SousIcone_i: each beside its row's field.
      const byRow: Record<string, string> = {};
      if (err instanceof ApiError)
        for (const [name, message] of Object.entries(err.fieldErrors)) {
          const [field, index] = name.split('_');
          const row = rows[Number(index)];
          if (row) byRow[errorKey(row.key, field === 'Tailles' ? 'tailles' : 'sousNom')] ??= message;
        }
      editor.setErrors(byRow);
      if (Object.keys(byRow).length) failed();
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <LeaveGuard when={editor.dirty} />
      <PageTitle>Subdivisions du modèle</PageTitle>
      <div className="card" ref={formRef}>
        <RowsEditor
          state={editor}
          columns={columns}
          label="Subdivisions"
          removeLabel={(n) => `Supprimer la subdivision ${n}`}
          addLabel="Ajouter une subdivision"
        />
        {error && <Message severity="error" text={error} className="catalogue-status" />}
        <div className="catalogue-actions">
          <Button type="button" label="Valider" icon="pi pi-check" onClick={validate} loading={saving} />
        </div>
      </div>
    </section>
  );
}
