// The description, with the inline edit of docs/product.md §2.2.6 ('Modifier', then 'Enregistrer' / 'Annuler').
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';

interface Props {
  description: string | null;
  editing: boolean;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}

export function DescriptionEditor({ description, editing, onSave, onCancel }: Props) {
  const [text, setText] = useState(description ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      <InputTextarea
        id="prop-description"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        autoResize
        maxLength={2000}
      />
      {error && <Message severity="error" text={error} role="alert" />}
      <div className="prop-edit-actions">
        <Button
          label="Enregistrer"
          icon="pi pi-check"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onSave(text);
            } catch (err) {
              setError(`La description n'a pas été enregistrée : ${(err as Error).message || 'erreur inconnue'}`);
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
