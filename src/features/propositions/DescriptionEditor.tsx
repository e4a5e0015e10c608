// The description, with the inline edit of spec 2.6 ('Modifier', then 'Enregistrer' / 'Annuler').
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';

interface Props {
  description: string | null;
  editing: boolean;
  onSave(text: string): Promise<void>;
  onCancel(): void;
}

export function DescriptionEditor({ description, editing, onSave, onCancel }: Props) {
  const [text, setText] = useState(description ?? '');
  const [busy, setBusy] = useState(false);
  if (!editing)
    return (
      <div className="prop-description">
        <h2>Description</h2>
        <p>{description || <span className="muted">Aucune description</span>}</p>
      </div>
    );
  return (
    <div className="prop-description">
      <label htmlFor="prop-description">
        <h2>Description</h2>
      </label>
      <InputTextarea id="prop-description" value={text} onChange={(e) => setText(e.target.value)} rows={4} autoResize maxLength={2000} />
      <div className="prop-edit-actions">
        <Button
          label="Enregistrer"
          icon="pi pi-check"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onSave(text);
            } finally {
              setBusy(false);
            }
          }}
        />
        <Button label="Annuler" severity="secondary" outlined onClick={onCancel} disabled={busy} />
      </div>
    </div>
  );
}
