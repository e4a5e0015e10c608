// /nuancier?groupId=: a colour palette (name, description, colours with a colour picker), stored as colours.
import './catalogue.css';

import { Button } from 'primereact/button';
import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { COULEUR_MESSAGES, couleurPayloadSchema } from '#domain/option';

import { useCreateCouleurMutation } from '../../api/queries/catalogue';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { LeaveGuard } from '../../ui/LeaveGuard';
import { PageTitle } from '../../ui/PageTitle';
import { type RowsColumn, RowsEditor } from '../../ui/RowsEditor';
import { textColumn } from '../../ui/textColumn';
import { notifySuccess } from '../../ui/toast';
import { useRows } from '../../ui/useRows';
import { useGroupId } from './useGroupId';

interface ColourRow {
  nomCouleur: string;
  valeur: string; // #rrggbb
}
const blank = (): ColourRow => ({ nomCouleur: '', valeur: '#4338ca' });
const colourRowSchema = couleurPayloadSchema.pick({ nomCouleur: true, valeur: true });
const paletteSchema = couleurPayloadSchema.pick({ nuancier: true, description: true });

export function NuancierPage() {
  // The palette may belong to a product (from /options) or to the whole catalogue (no groupId).
  const groupId = useGroupId();
  const navigate = useNavigate();
  const [nuancier, setNuancier] = useState('');
  const [description, setDescription] = useState('');
  const editor = useRows(blank);
  const [paletteErrors, setPaletteErrors] = useState<Record<string, string>>({});
  const { ref: formRef, failed } = useFocusFirstInvalid<HTMLDivElement>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const createCouleur = useCreateCouleurMutation();
  const back = groupId ? `/options?groupId=${groupId}` : '/catalogue';

  const columns: Array<RowsColumn<ColourRow>> = [
    {
      header: 'Couleur',
      field: 'valeur',
      cell: (r, i, invalid) => (
        <div className="colour-row">
          <ColorPicker
            value={r.valeur.slice(1)}
            onChange={(e) => editor.update(r.key, { valeur: `#${e.value as string}` })}
            aria-label={`Sélecteur de la couleur ${i + 1}`}
          />
          <InputText
            aria-label={`Valeur de la couleur ${i + 1}`}
            value={r.valeur}
            onChange={(e) => editor.update(r.key, { valeur: e.target.value.trim() })}
            style={{ width: '7rem' }}
            invalid={invalid}
          />
        </div>
      ),
    },
    textColumn(editor, {
      header: 'Nom',
      field: 'nomCouleur',
      label: (n) => `Nom de la couleur ${n}`,
      placeholder: 'Nom de la couleur',
    }),
  ];

  async function save() {
    const found: Record<string, string> = {};
    for (const issue of paletteSchema.safeParse({ nuancier, description }).error?.issues ?? [])
      found[String(issue.path[0])] ??= issue.message;
    if (!editor.rows.length) found.couleurs = COULEUR_MESSAGES.couleurs;
    setPaletteErrors(found);
    const rowsValid = editor.validate(colourRowSchema);
    if (Object.keys(found).length || !rowsValid) return failed();
    setSaving(true);
    setError(null);
    try {
      await Promise.all(
        editor.rows.map((r) =>
          createCouleur.mutateAsync({
            nuancier: nuancier.trim(),
            nomCouleur: r.nomCouleur.trim(),
            valeur: r.valeur,
            description: description.trim() || null,
            idGroupeModel: groupId,
          }),
        ),
      );
      notifySuccess(`Nuancier « ${nuancier.trim()} » enregistré`);
      editor.leave(back);
    } catch (err) {
      console.error('Erreur lors de l’enregistrement du nuancier', err);
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <LeaveGuard when={!editor.leaving && (editor.dirty || !!nuancier.trim() || !!description.trim())} />
      <PageTitle>Nuancier</PageTitle>
      <div className="card" ref={formRef}>
        <div className="catalogue-form">
          <div className="field">
            <label htmlFor="nuancier-name">Nom du nuancier</label>
            <InputText
              id="nuancier-name"
              value={nuancier}
              onChange={(e) => setNuancier(e.target.value)}
              invalid={!!paletteErrors.nuancier}
            />
            {paletteErrors.nuancier && <small className="field-error">{paletteErrors.nuancier}</small>}
          </div>
          <div className="field wide">
            <label htmlFor="nuancier-description">Description</label>
            <InputTextarea
              id="nuancier-description"
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              invalid={!!paletteErrors.description}
            />
            {paletteErrors.description && <small className="field-error">{paletteErrors.description}</small>}
          </div>
          <div className="field wide">
            <span className="field-label">Couleurs ({editor.rows.length})</span>
            <RowsEditor
              state={editor}
              columns={columns}
              label="Couleurs du nuancier"
              removeLabel={(n) => `Retirer la couleur ${n}`}
              addLabel="Ajouter une couleur"
            />
            {paletteErrors.couleurs && <small className="field-error">{paletteErrors.couleurs}</small>}
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
