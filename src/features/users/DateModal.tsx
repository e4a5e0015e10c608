// The licence date modals of docs/product.md §2.2.15 / 2.16: one date and hour, 'Enregistrer' or 'Annuler'. A refused
// save keeps the modal open with the server's message on the field, the focus on it, and the typed date. The
// picker's panel opens inside the modal, below the field (it pushes the buttons down instead of covering them).
// Any date, or none, is a value to send: what makes one wrong (before the activation, in the past) is the
// server's to say, so the form has no schema of its own (docs/architecture.md, "Forms").
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { FormProvider, useForm } from 'react-hook-form';

import { DateTimeField } from './DateTimeField';
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
  const form = useForm<{ date: Date | null }>({ defaultValues: { date: parseDate(initial) } });

  const save = form.handleSubmit(async ({ date }) => {
    try {
      await onSave(date);
    } catch (err) {
      const message = (err as Error).message || "La date n'a pas pu être enregistrée.";
      form.setError('date', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    onHide();
  });

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
          <Button
            label="Enregistrer"
            icon="pi pi-check"
            loading={form.formState.isSubmitting}
            onClick={(e) => void save(e)}
          />
        </>
      }
    >
      <FormProvider {...form}>
        <DateTimeField
          name="date"
          id="licence-date"
          label={label}
          className="modal-body"
          showButtonBar
          appendTo="self"
        />
      </FormProvider>
    </Dialog>
  );
}
