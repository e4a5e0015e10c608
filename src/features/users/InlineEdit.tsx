// One inline-editable field of docs/product.md §2.2.16: the value, a pencil, then an input with 'Sauver' / 'Annuler'.
// The message of the shared rule shows before any call; a refused save shows the server's reason (a mail
// already used, a field message, offline) under the field, and focus goes back to the field to fix it.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

import { ApiError } from '../../api/http';
import { updateUserField, type User } from '../../api/users';
import { type InlineField, inlineFieldError } from '../../domain/userForm';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';

interface Props {
  user: User;
  field: InlineField;
  label: string;
  editable: boolean;
  onSaved: (user: User) => void;
}

export function InlineEdit({ user, field, label, editable, onSaved }: Props) {
  const current = user[field] ?? '';
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = `edit-${field}`;
  const { ref, failed } = useFocusFirstInvalid<HTMLDivElement>();

  async function save() {
    const message = inlineFieldError(field, value);
    if (message) {
      setError(message);
      return failed();
    }
    setSaving(true);
    try {
      onSaved(await updateUserField(user.userId, field, value));
      setEditing(false);
    } catch (err) {
      console.error(`Error updating ${field}`, err);
      if (err instanceof ApiError && err.fieldErrors[field]) setError(err.fieldErrors[field]);
      else setError(err instanceof Error && err.message ? err.message : "La modification n'a pas été enregistrée.");
      failed();
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="detail">
      <label className="detail-label" htmlFor={editing ? id : undefined}>
        {label}
      </label>
      {editing ? (
        <>
          <div className="detail-edit" ref={ref}>
            <InputText
              id={id}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
              invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              autoFocus
            />
            <Button label="Sauver" size="small" loading={saving} onClick={save} />
            <Button
              label="Annuler"
              size="small"
              severity="secondary"
              outlined
              onClick={() => {
                setEditing(false);
                setValue(current);
                setError(undefined);
              }}
            />
          </div>
          {error && (
            <small className="field-error" id={`${id}-error`} role="alert">
              {error}
            </small>
          )}
        </>
      ) : (
        <div className="detail-value">
          <span data-field={field}>{current || '—'}</span>
          {editable && (
            <Button
              icon="pi pi-pencil"
              text
              rounded
              size="small"
              aria-label={`Modifier ${label.toLowerCase()}`}
              onClick={() => {
                setValue(current);
                setEditing(true);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
