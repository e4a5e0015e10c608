// The add-licence form (docs/product.md §2.2.15): type, key, activation and expiration dates. Activation defaults to
// now and expiry to a year later, the usual case. The request body the form builds is checked with the shared
// schema (domain/licence.ts) before sending, and each field shows its message (its own or the server's);
// focus goes to the first.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { licenceCreateSchema, type LicenceType } from '#domain/licence';

import { ApiError } from '../../api/http';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { useCreateLicenceMutation, useLicenceTypesQuery } from '../../api/queries/users';
import { DropdownField } from '../../ui/DropdownField';
import { FormField } from '../../ui/FormField';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';
import { notifyError, notifySuccess } from '../../ui/toast';
import { DateTimeField } from './DateTimeField';

const NO_TYPES: LicenceType[] = [];

interface Values {
  TypeLicenceId: number | null;
  LicenceKey: string;
  DateActivation: Date | null;
  DateExpiration: Date | null;
}
type Body = z.output<typeof licenceCreateSchema>;

const inAYear = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  return d;
};

export function LicenceAddForm({
  userId,
  onDone,
  onCancel,
}: {
  userId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const typesQuery = useLicenceTypesQuery();
  const createLicence = useCreateLicenceMutation(userId);
  const types = typesQuery.data ?? NO_TYPES;
  useLoggedError(typesQuery.error, 'Error fetching licence types');
  const defaultTypeId = types[0]?.typeLicenceId ?? null;

  // The schema checks the body (same field names as the form), built from the form's values.
  const bodyResolver = zodResolver(licenceCreateSchema);
  const resolver: Resolver<Values, unknown, Body> = (values, context, options) => {
    const typeId = values.TypeLicenceId ?? defaultTypeId;
    return bodyResolver(
      {
        UserId: userId,
        TypeLicenceId: typeId ?? 0,
        Type: types.find((t) => t.typeLicenceId === typeId)?.type ?? null,
        LicenceKey: values.LicenceKey,
        DateActivation: values.DateActivation?.toISOString() ?? null,
        DateExpiration: values.DateExpiration?.toISOString() ?? null,
        CreatedAt: new Date().toISOString(),
      },
      context,
      options as never,
    );
  };
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues: { TypeLicenceId: null, LicenceKey: '', DateActivation: new Date(), DateExpiration: inAYear() },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      await createLicence.mutateAsync(body);
    } catch (err) {
      console.error('Error creating licence', err);
      if (err instanceof ApiError) showServerFieldErrors(form.setError, err.fieldErrors, (f) => f as keyof Values);
      // The server's own words ("Clé de licence requise", …), not a generic failure.
      notifyError(`Erreur lors de la création de licence : ${(err as Error).message}`, err);
      return;
    }
    notifySuccess('Licence créée');
    onDone();
  });

  return (
    <FormProvider {...form}>
      <form className="card" onSubmit={(e) => void submit(e)} aria-label="Ajouter une licence" noValidate>
        <h2>Ajouter une licence</h2>
        <div className="form-grid">
          <DropdownField
            name="TypeLicenceId"
            id="licence-type"
            label="Type de licence"
            options={types}
            optionLabel="type"
            optionValue="typeLicenceId"
            fallback={defaultTypeId}
          />
          <FormField name="LicenceKey" id="licence-key" label="Clé de licence">
            {(a11y) => <InputText {...form.register('LicenceKey')} {...a11y} />}
          </FormField>
          <DateTimeField name="DateActivation" id="licence-activation" label="Date d'activation" />
          <DateTimeField name="DateExpiration" id="licence-expiration" label="Date d'expiration" />
        </div>
        <div className="form-actions">
          <Button type="button" label="Annuler" severity="secondary" outlined onClick={onCancel} />
          <Button type="submit" label="Ajouter" icon="pi pi-plus" loading={form.formState.isSubmitting} />
        </div>
      </form>
    </FormProvider>
  );
}
