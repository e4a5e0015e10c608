// The new-company form of docs/product.md §2.2.14: name, address, phone (10 digits), SIRET; 'Ajouter l'entreprise'.
// The server's schema checks it (each field's message once the field is left); a SIRET already known (409)
// and the fields the server refuses are shown beside them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { DEFAULT_TIME_ZONE, entrepriseCreateSchema } from '#domain/entreprise';
import { can } from '#domain/permissions';

import type { Entreprise } from '../../api/entreprises';
import { ApiError } from '../../api/http';
import { useCreateEntrepriseMutation } from '../../api/queries/entreprises';
import { FormField } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';
import { notifyError } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';

const FIELDS = ['NomEntreprise', 'Adresse', 'Telephone', 'Siret', 'TimeZone'] as const;
type Field = (typeof FIELDS)[number];
const fieldOf = (serverField: string) => FIELDS.find((f) => f === serverField);

/** The IANA zones of the browser, for the dashboard's reporting time zone. */
const TIME_ZONES = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [
  DEFAULT_TIME_ZONE,
];

export function EntrepriseForm({ onCreated }: { onCreated: (e: Entreprise) => void }) {
  const me = useAtomValue(currentUserAtom);
  const createEntreprise = useCreateEntrepriseMutation();
  const form = useForm<z.input<typeof entrepriseCreateSchema>, unknown, z.output<typeof entrepriseCreateSchema>>({
    resolver: zodResolver(entrepriseCreateSchema),
    defaultValues: { NomEntreprise: '', Adresse: '', Telephone: '', Siret: '', TimeZone: DEFAULT_TIME_ZONE },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    let created: Entreprise;
    try {
      created = await createEntreprise.mutateAsync(values);
    } catch (err) {
      // A field the server refused is shown beside it; any other failure says what failed.
      console.error('Error creating entreprise', err);
      const fields = err instanceof ApiError ? (err.status === 409 ? { Siret: err.message } : err.fieldErrors) : {};
      if (!showServerFieldErrors(form.setError, fields, fieldOf))
        notifyError(`L'entreprise n'a pas été créée : ${(err as Error).message}`, err);
      throw err;
    }
    onCreated(created);
  });

  const field = (name: Exclude<Field, 'TimeZone'>, label: string, props: Record<string, unknown> = {}) => (
    <FormField name={name} id={`entreprise-${name}`} label={label}>
      {(a11y) => <InputText {...form.register(name)} {...a11y} {...props} />}
    </FormField>
  );

  // Creating a client company is the provider's (docs/permissions.md); the server refuses it to others.
  if (!can(me?.role, 'entreprise.create')) return null;
  return (
    <FormProvider {...form}>
      <div className="card">
        <FormLeaveGuard />
        <h2>Nouvelle entreprise</h2>
        <div className="form-grid">
          {field('NomEntreprise', "Nom de l'entreprise")}
          {field('Adresse', 'Adresse')}
          {field('Telephone', 'Téléphone', { inputMode: 'numeric', maxLength: 10, pattern: '[0-9]{10}' })}
          {field('Siret', 'SIRET', { inputMode: 'numeric' })}
          <FormField name="TimeZone" id="entreprise-TimeZone" label="Fuseau horaire des statistiques">
            {({ id, invalid }) => (
              <Controller
                name="TimeZone"
                control={form.control}
                render={({ field: f }) => (
                  <Dropdown
                    inputId={id}
                    focusInputRef={f.ref}
                    value={f.value}
                    options={TIME_ZONES}
                    onChange={(e) => f.onChange(e.value as string)}
                    filter
                    invalid={invalid}
                  />
                )}
              />
            )}
          </FormField>
        </div>
        <div className="form-actions">
          {/* Not a <form>: it sits beside the user's form on the page. A failed save was already told. */}
          <Button
            type="button"
            label="Ajouter l'entreprise"
            icon="pi pi-building"
            loading={form.formState.isSubmitting}
            onClick={(e) => void submit(e).catch(() => undefined)}
          />
        </div>
      </div>
    </FormProvider>
  );
}
