// The new-company form of docs/product.md §2.2.14: name, address, phone (10 digits), SIRET; 'Ajouter l'entreprise'.
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

import { createEntreprise, type Entreprise } from '../../api/entreprises';
import { ApiError } from '../../api/http';
import { DEFAULT_TIME_ZONE, entrepriseFormErrors } from '../../domain/entreprise';
import { can } from '../../domain/permissions';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { notifyError } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { FormField } from './FormField';

type Field = 'NomEntreprise' | 'Adresse' | 'Telephone' | 'Siret';

/** The IANA zones of the browser, for the dashboard's reporting time zone. */
const TIME_ZONES = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [
  DEFAULT_TIME_ZONE,
];

export function EntrepriseForm({ onCreated }: { onCreated: (e: Entreprise) => void }) {
  const me = useAtomValue(currentUserAtom);
  const [values, setValues] = useState<Required<Record<Field, string>>>({
    NomEntreprise: '',
    Adresse: '',
    Telephone: '',
    Siret: '',
  });
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { ref, failed } = useFocusFirstInvalid<HTMLDivElement>();
  const errors = { ...entrepriseFormErrors(values), ...serverErrors };

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors({});
  };

  async function submit() {
    setTouched({ NomEntreprise: true, Adresse: true, Telephone: true, Siret: true });
    if (Object.keys(entrepriseFormErrors(values)).length) return failed();
    setSaving(true);
    try {
      onCreated(await createEntreprise({ ...values, TimeZone: timeZone }));
    } catch (err) {
      // A field the server refused is shown beside it; any other failure says what failed.
      console.error('Error creating entreprise', err);
      const fields = err instanceof ApiError ? (err.status === 409 ? { Siret: err.message } : err.fieldErrors) : {};
      setServerErrors(fields);
      if (Object.keys(fields).length) failed();
      else notifyError(`L'entreprise n'a pas été créée : ${(err as Error).message}`, err);
    } finally {
      setSaving(false);
    }
  }

  const field = (id: Field, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`entreprise-${id}`} label={label} error={touched[id] ? errors[id] : undefined}>
      <InputText
        id={`entreprise-${id}`}
        value={values[id]}
        onChange={(e) => set(id, e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, [id]: true }))}
        invalid={Boolean(touched[id] && errors[id])}
        {...props}
      />
    </FormField>
  );

  // Creating a client company is the provider's (docs/permissions.md); the server refuses it to others.
  if (!can(me?.role, 'entreprise.create')) return null;
  return (
    <div className="card" ref={ref}>
      <h2>Nouvelle entreprise</h2>
      <div className="form-grid">
        {field('NomEntreprise', "Nom de l'entreprise")}
        {field('Adresse', 'Adresse')}
        {field('Telephone', 'Téléphone', { inputMode: 'numeric', maxLength: 10, pattern: '[0-9]{10}' })}
        {field('Siret', 'SIRET', { inputMode: 'numeric' })}
        <FormField id="entreprise-TimeZone" label="Fuseau horaire des statistiques" error={serverErrors.TimeZone}>
          <Dropdown
            inputId="entreprise-TimeZone"
            value={timeZone}
            options={TIME_ZONES}
            onChange={(e) => setTimeZone(e.value as string)}
            filter
            invalid={!!serverErrors.TimeZone}
          />
        </FormField>
      </div>
      <div className="form-actions">
        <Button type="button" label="Ajouter l'entreprise" icon="pi pi-building" loading={saving} onClick={submit} />
      </div>
    </div>
  );
}
