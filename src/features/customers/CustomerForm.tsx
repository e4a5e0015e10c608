// The customer form of /customers/create and /customers/edit/{id} (docs/product.md §2.2.4): the domain's zod schema
// gives each field its message of docs/product.md §2.5; nothing is sent while one is wrong. Field messages
// the server answers (400) are shown the same way.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';

import { ApiError } from '../../api/http';
import { fieldMessages } from '../../domain/customer';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';

export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete?: string;
  wide?: boolean;
}

export type FormValues = Record<string, string>;

interface Props {
  fields: FieldDef[];
  initial: FormValues;
  schema: z.ZodType;
  submitLabel: string;
  onSubmit: (values: FormValues) => Promise<void>;
  onCancel: () => void;
}

export function CustomerForm({ fields, initial, schema, submitLabel, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { ref, failed } = useFocusFirstInvalid();

  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      failed();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        setErrors(err.fieldErrors);
        failed();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate ref={ref}>
      <div className="cust-form-grid">
        {fields.map((f) => {
          const id = `customer-${f.name}`;
          const error = errors[f.name];
          const common = {
            id,
            name: f.name,
            value: values[f.name] ?? '',
            invalid: !!error,
            'aria-invalid': !!error,
            'aria-describedby': error ? `${id}-error` : undefined,
          };
          return (
            <div key={f.name} className={`cust-field${f.wide ? ' wide' : ''}`}>
              <label htmlFor={id}>{f.label}</label>
              {f.type === 'textarea' ? (
                <InputTextarea {...common} rows={3} autoResize onChange={(e) => change(f.name, e.target.value)} />
              ) : (
                <InputText
                  {...common}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  onChange={(e) => change(f.name, e.target.value)}
                />
              )}
              {error && (
                <small className="cust-field-error" id={`${id}-error`} role="alert">
                  {error}
                </small>
              )}
            </div>
          );
        })}
      </div>
      <div className="cust-form-actions">
        <Button type="button" label="Annuler" severity="secondary" outlined onClick={onCancel} disabled={busy} />
        <Button type="submit" label={submitLabel} icon="pi pi-check" loading={busy} />
      </div>
    </form>
  );
}
