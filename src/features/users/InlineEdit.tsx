// One inline-editable field of docs/product.md §2.2.16: the value, a pencil, then an input with 'Sauver' / 'Annuler'.
// The message of the shared rule shows before any call; a refused save shows the server's reason (a mail
// already used, a field message, offline) under the field, and focus goes back to the field to fix it.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { type InlineField, inlineFieldSchemas } from '#domain/userForm';

import { ApiError } from '../../api/http';
import { useUpdateUserFieldMutation } from '../../api/queries/users';
import type { User } from '../../api/users';

interface Props {
  user: User;
  field: InlineField;
  label: string;
  editable: boolean;
}

export function InlineEdit({ user, field, label, editable }: Props) {
  // The user as the server answered is stored by the mutation (src/api/queries/users.ts): the page shows it.
  const updateField = useUpdateUserFieldMutation();
  const current = user[field] ?? '';
  const [editing, setEditing] = useState(false);
  const id = `edit-${field}`;
  // The route's own body schema ({field: value}).
  const schema = inlineFieldSchemas[field] as z.ZodType<Record<string, string>, Record<string, unknown>>;
  const form = useForm<Record<string, unknown>, unknown, Record<string, string>>({
    resolver: zodResolver(schema),
    defaultValues: { [field]: current },
  });
  const error = form.formState.errors[field]?.message;

  const save = form.handleSubmit(async (values) => {
    try {
      await updateField.mutateAsync({ userId: user.userId, field, value: values[field] });
      setEditing(false);
    } catch (err) {
      console.error(`Error updating ${field}`, err);
      const message =
        err instanceof ApiError && err.fieldErrors[field]
          ? err.fieldErrors[field]
          : err instanceof Error && err.message
            ? err.message
            : "La modification n'a pas été enregistrée.";
      form.setError(field, { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <div className="detail">
      <label className="detail-label" htmlFor={editing ? id : undefined}>
        {label}
      </label>
      {editing ? (
        <>
          <div className="detail-edit">
            <InputText
              {...form.register(field)}
              id={id}
              invalid={Boolean(error)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              autoFocus
            />
            <Button label="Sauver" size="small" loading={form.formState.isSubmitting} onClick={save} />
            <Button
              label="Annuler"
              size="small"
              severity="secondary"
              outlined
              onClick={() => {
                setEditing(false);
                form.reset({ [field]: current });
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
                form.reset({ [field]: current });
                setEditing(true);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
