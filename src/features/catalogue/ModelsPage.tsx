// /modeles?groupId=: the models of a product (name, icon, 3D file table); validating -> /options.
import './catalogue.css';

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';

import { ICON_RULE, type Model, MODEL_3D_RULE, modelRowSchema } from '#domain/product';

import { useCreateModelMutation, useModelsQuery } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { FileCell } from '../../ui/FileCell';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { LeaveGuard } from '../../ui/LeaveGuard';
import { PageTitle } from '../../ui/PageTitle';
import { type RowsColumn, RowsEditor } from '../../ui/RowsEditor';
import { textColumn } from '../../ui/textColumn';
import { useRows } from '../../ui/useRows';
import { MissingGroup, useGroupId } from './useGroupId';

interface ModelRow {
  nom: string;
  icone: File | null;
  model3d: File | null;
}
const NO_MODELS: Model[] = [];
const blank = (): ModelRow => ({ nom: '', icone: null, model3d: null });

export function ModelsPage() {
  const groupId = useGroupId();
  const existingQuery = useModelsQuery(groupId);
  const existing = existingQuery.data ?? NO_MODELS;
  useLoggedError(existingQuery.error, 'Error fetching Models');
  const editor = useRows(blank);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const createModel = useCreateModelMutation();
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLDivElement>();

  if (groupId === null) return <MissingGroup />;

  const columns: Array<RowsColumn<ModelRow>> = [
    textColumn(editor, { header: 'Nom', field: 'nom', label: (n) => `Nom du modèle ${n}` }),
    {
      header: 'Icône',
      cell: (r, i) => (
        <FileCell
          label={`Icône du modèle ${i + 1}`}
          accept={ICON_RULE.accept}
          onPick={(icone) => editor.update(r.key, { icone })}
        />
      ),
    },
    {
      header: 'Fichier 3D (.glb, .gltf, .fbx, .stl)',
      field: 'model3d',
      cell: (r, i, invalid) => (
        <FileCell
          label={`Fichier 3D du modèle ${i + 1}`}
          accept={MODEL_3D_RULE.accept}
          invalid={invalid}
          onPick={(model3d) => editor.update(r.key, { model3d })}
        />
      ),
    },
  ];

  async function validate() {
    if (!editor.validate(modelRowSchema)) return failed();
    setSaving(true);
    setError(null);
    try {
      await Promise.all(
        editor.rows.map((r) => {
          const form = new FormData();
          form.append('Nom', r.nom.trim());
          form.append('IdGroupeModel', String(groupId));
          if (r.icone) form.append('Icone', r.icone, r.icone.name);
          if (r.model3d) form.append('Model3d', r.model3d, r.model3d.name);
          return createModel.mutateAsync(form);
        }),
      );
      editor.leave(`/options?groupId=${groupId}`);
    } catch (err) {
      console.error('Erreur lors de la création des modèles', err);
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <LeaveGuard when={editor.dirty} />
      <PageTitle>Modèles</PageTitle>
      <div className="card" ref={formRef}>
        {existing.length > 0 && (
          <p className="muted">Modèles déjà enregistrés : {existing.map((m) => m.nom).join(', ')}</p>
        )}
        <RowsEditor
          state={editor}
          columns={columns}
          label="Modèles à créer"
          removeLabel={(n) => `Supprimer le modèle ${n}`}
          addLabel="Ajouter un modèle"
        />
        {error && <Message severity="error" text={error} className="catalogue-status" />}
        <div className="catalogue-actions">
          <Button type="button" label="Valider" icon="pi pi-check" onClick={validate} loading={saving} />
        </div>
      </div>
    </section>
  );
}
