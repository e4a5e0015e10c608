// The customer form of /customers/create and /customers/edit/{id} (docs/product.md §2.2.4): the domain's zod
// schema, the one the server parses with, gives each field its message of docs/product.md §2.5; nothing is
// sent while one is wrong. Field messages the server answers (400) are shown the same way.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { ApiError } from '../../api/http';
import { FormField } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';

export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete?: string;
  wide?: boolean;
}

export type FormValues = Record<string, string>;

interface Props<Out> {
  fields: FieldDef[];
  initial: FormValues;
  /** The domain's schema of the request body, the server's own. */
  schema: z.ZodType<Out, Record<string, unknown>>;
  submitLabel: string;
  /** Sends the parsed values; throws when they were not saved (the form then stays, guarded). */
  onSubmit: (values: Out) => Promise<void>;
  /** After a save: where to go. */
  onSaved: () => void;
  onCancel: () => void;
}

export function CustomerForm<Out>({ fields, initial, schema, submitLabel, onSubmit, onSaved, onCancel }: Props<Out>) {
  const form = useForm<Record<string, unknown>, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError) showServerFieldErrors(form.setError, err.fieldErrors);
      throw err;
    }
  });

  return (
    <FormProvider {...form}>
      {/* A failed save was already told (toast, field messages): nothing more to do with its error. */}
      <form className="card" onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate>
        <FormLeaveGuard onSaved={onSaved} />
        <div className="cust-form-grid">
          {fields.map((f) => (
            <FormField
              key={f.name}
              name={f.name}
              id={`customer-${f.name}`}
              label={f.label}
              className={f.wide ? 'wide' : undefined}
            >
              {(a11y) =>
                f.type === 'textarea' ? (
                  <InputTextarea {...form.register(f.name)} {...a11y} rows={3} autoResize />
                ) : (
                  <InputText
                    {...form.register(f.name)}
                    {...a11y}
                    type={f.type ?? 'text'}
                    autoComplete={f.autoComplete}
                  />
                )
              }
            </FormField>
          ))}
        </div>
        <div className="cust-form-actions">
          <Button
            type="button"
            label="Annuler"
            severity="secondary"
            outlined
            onClick={onCancel}
            disabled={form.formState.isSubmitting}
          />
          <Button type="submit" label={submitLabel} icon="pi pi-check" loading={form.formState.isSubmitting} />
        </div>
      </form>
    </FormProvider>
  );
}
