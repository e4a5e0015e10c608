// The licence date modals of docs/product.md §2.2.15 / 2.16: one date and hour, 'Enregistrer' or 'Annuler'. A refused
// save keeps the modal open with the server's message and the typed date. The picker's panel opens inside
// the modal, below the field (it pushes the buttons down instead of covering them).
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';

import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { CALENDAR_LOCALE } from './calendarFr';
import { parseDate } from './format';

interface Props {
  header: string;
  label: string;
  initial: string | null;
  visible: boolean;
  onHide: () => void;
  onSave: (date: Date | null) => Promise<void>;
}

export function DateModal({ header, label, initial, visible, onHide, onSave }: Props) {
  const [date, setDate] = useState<Date | null>(parseDate(initial));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { ref, failed } = useFocusFirstInvalid<HTMLDivElement>();

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await onSave(date);
      onHide();
    } catch (err) {
      setError((err as Error).message || "La date n'a pas pu être enregistrée.");
      failed();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={onHide}
      modal
      className="date-modal"
      footer={
        <>
          <Button label="Annuler" severity="secondary" outlined onClick={onHide} />
          <Button label="Enregistrer" icon="pi pi-check" loading={saving} onClick={save} />
        </>
      }
    >
      <div className="modal-body form-field" ref={ref}>
        <label htmlFor="licence-date">{label}</label>
        <Calendar
          inputId="licence-date"
          value={date}
          onChange={(e) => setDate((e.value as Date | null) ?? null)}
          showTime
          hourFormat="24"
          dateFormat="dd/mm/yy"
          locale={CALENDAR_LOCALE}
          showIcon
          showButtonBar
          appendTo="self"
          invalid={!!error}
          aria-describedby={error ? 'licence-date-error' : undefined}
        />
        {error && <Message id="licence-date-error" severity="error" text={error} />}
      </div>
    </Dialog>
  );
}
