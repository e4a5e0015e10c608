// The add-licence form (docs/product.md §2.2.15): type, key, activation and expiration dates. Activation defaults to
// now and expiry to a year later, the usual case. The shared schema (src/domain/licence.ts) checks the form
// before sending, and each field shows its message (its own or the server's); focus goes to the first.
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

import { ApiError } from '../../api/http';
import { createLicence } from '../../api/licences';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { useLicenceTypesQuery } from '../../api/queries/users';
import { licenceCreateSchema, type LicenceType } from '../../domain/licence';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { notifyError, notifySuccess } from '../../ui/toast';
import { CALENDAR_LOCALE } from './calendarFr';
import { FormField } from './FormField';

const NO_TYPES: LicenceType[] = [];

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
  const types = typesQuery.data ?? NO_TYPES;
  useLoggedError(typesQuery.error, 'Error fetching licence types');
  const [chosenTypeId, setTypeId] = useState<number | null>(null);
  const typeId = chosenTypeId ?? types[0]?.typeLicenceId ?? null;
  const [key, setKey] = useState('');
  const [activation, setActivation] = useState<Date | null>(() => new Date());
  const [expiration, setExpiration] = useState<Date | null>(inAYear);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const { ref, failed } = useFocusFirstInvalid();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const payload = {
      UserId: userId,
      TypeLicenceId: typeId ?? 0,
      Type: types.find((t) => t.typeLicenceId === typeId)?.type ?? null,
      LicenceKey: key.trim(),
      DateActivation: activation?.toISOString() ?? null,
      DateExpiration: expiration?.toISOString() ?? null,
      CreatedAt: new Date().toISOString(),
    };
    const parsed = licenceCreateSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      failed();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await createLicence(payload);
      notifySuccess('Licence créée');
      onDone();
    } catch (err) {
      console.error('Error creating licence', err);
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        setErrors(err.fieldErrors);
        failed();
      }
      // The server's own words ("Clé de licence requise", …), not a generic failure.
      notifyError(`Erreur lors de la création de licence : ${(err as Error).message}`, err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card" onSubmit={submit} aria-label="Ajouter une licence" noValidate ref={ref}>
      <h2>Ajouter une licence</h2>
      <div className="form-grid">
        <FormField id="licence-type" label="Type de licence" error={errors.TypeLicenceId}>
          <Dropdown
            inputId="licence-type"
            value={typeId}
            options={types}
            optionLabel="type"
            optionValue="typeLicenceId"
            onChange={(e) => setTypeId(e.value as number | null)}
            invalid={!!errors.TypeLicenceId}
          />
        </FormField>
        <FormField id="licence-key" label="Clé de licence" error={errors.LicenceKey}>
          <InputText
            id="licence-key"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            invalid={!!errors.LicenceKey}
            aria-describedby={errors.LicenceKey ? 'licence-key-error' : undefined}
          />
        </FormField>
        <FormField id="licence-activation" label="Date d'activation" error={errors.DateActivation}>
          <Calendar
            inputId="licence-activation"
            value={activation}
            onChange={(e) => setActivation((e.value as Date) ?? null)}
            showTime
            hourFormat="24"
            dateFormat="dd/mm/yy"
            locale={CALENDAR_LOCALE}
            showIcon
            invalid={!!errors.DateActivation}
          />
        </FormField>
        <FormField id="licence-expiration" label="Date d'expiration" error={errors.DateExpiration}>
          <Calendar
            inputId="licence-expiration"
            value={expiration}
            onChange={(e) => setExpiration((e.value as Date) ?? null)}
            showTime
            hourFormat="24"
            dateFormat="dd/mm/yy"
            locale={CALENDAR_LOCALE}
            showIcon
            invalid={!!errors.DateExpiration}
          />
        </FormField>
      </div>
      <div className="form-actions">
        <Button type="button" label="Annuler" severity="secondary" outlined onClick={onCancel} />
        <Button type="submit" label="Ajouter" icon="pi pi-plus" loading={saving} />
      </div>
    </form>
  );
}
