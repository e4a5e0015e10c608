// An Admin changes the chosen company's reporting time zone from the period card (docs/dashboard.md,
// "Fuseau horaire"): PUT /api/Entreprise/{id} with `timeZone`; the dashboard then cuts its periods in the
// new zone (the worker makes every event's local day again). Others only read the zone's label.
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';

import { DEFAULT_TIME_ZONE, zoneLabel } from '#domain/analytics/zone';

import { ApiError } from '../../api/http';
import { useUpdateTimeZoneMutation } from '../../api/queries/entreprises';
import { notifySuccess } from '../../ui/toast';

/** The IANA zones the browser knows. */
const TIME_ZONES = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [
  DEFAULT_TIME_ZONE,
];

interface Props {
  companyId: number | null;
  timeZone: string;
  canEdit: boolean;
  /** The server stored it: the page uses the new zone (the mutation has stored it in the companies' list). */
  onSaved: (companyId: number, timeZone: string) => void;
}

export function TimeZoneEditor({ companyId, timeZone, canEdit, onSaved }: Props) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(timeZone);
  const [saving, setSaving] = useState(false);
  const updateTimeZone = useUpdateTimeZoneMutation();
  const [error, setError] = useState<string | null>(null);
  const label = <small className="muted dashboard-zone">{zoneLabel(timeZone)}</small>;
  const open = () => {
    setValue(timeZone);
    setError(null);
    setEditing(true);
  };
  if (!canEdit || companyId === null) return label;
  if (!editing)
    return (
      <div className="zone-line">
        {label}
        <Button type="button" link size="small" label="Modifier le fuseau" className="zone-edit" onClick={open} />
      </div>
    );

  async function save() {
    setSaving(true);
    setError(null);
    try {
      // The company's schema (and zod) loads with the first save, not with the dashboard (docs/performance.md).
      // Not loaded (offline, say): the server checks the same schema, and the HTTP client says what failed.
      const schema = await import('#domain/entreprise').then((m) => m.timeZoneSchema).catch(() => null);
      const parsed = schema?.safeParse(value) ?? { success: true as const, data: value };
      if (!parsed.success) return setError(parsed.error.issues[0].message);
      const saved = await updateTimeZone.mutateAsync({ entrepriseId: companyId!, timeZone: parsed.data });
      onSaved(companyId!, saved?.timeZone ?? parsed.data);
      setEditing(false);
      notifySuccess('Fuseau horaire des statistiques enregistré');
    } catch (err) {
      // Said in place, with what failed; the choice stays so that "Réessayer" sends it again.
      setError(
        `Le fuseau horaire n'a pas été enregistré : ${err instanceof ApiError ? (err.fieldErrors.timeZone ?? err.message) : 'le serveur ne répond pas'}.`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="zone-editor">
      <label htmlFor="dashboard-timezone">Fuseau horaire des statistiques</label>
      <Dropdown
        inputId="dashboard-timezone"
        value={value}
        options={TIME_ZONES}
        onChange={(e) => setValue(e.value as string)}
        filter
        disabled={saving}
      />
      {error && (
        <small className="p-error" role="alert">
          {error}
        </small>
      )}
      <div className="zone-actions">
        <Button
          type="button"
          size="small"
          label={error ? 'Réessayer' : 'Enregistrer'}
          icon="pi pi-check"
          loading={saving}
          onClick={save}
        />
        <Button
          type="button"
          size="small"
          label="Annuler"
          severity="secondary"
          outlined
          disabled={saving}
          onClick={() => setEditing(false)}
        />
      </div>
    </div>
  );
}
