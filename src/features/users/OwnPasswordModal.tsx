// 'Modifier mon mot de passe', for every user: the current password, the new one (the creation form's
// rules) and its confirmation. The server answers a fresh token: this session goes on, the others end.
import { useSetAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

import { ApiError } from '../../api/http';
import { changeOwnPassword } from '../../api/users';
import { ownPasswordErrors } from '../../domain/ownPassword';
import { PASSWORD_HINT } from '../../domain/userForm';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { notifyError, notifySuccess } from '../../ui/toast';
import { loginSucceededAtom } from '../auth/atoms';
import { FormField } from './FormField';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

export function OwnPasswordModal({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const keepSession = useSetAtom(loginSucceededAtom);
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const { ref, failed } = useFocusFirstInvalid();
  const check = () => ownPasswordErrors(values.currentPassword, values.newPassword, values.confirmation);
  const errors = { ...(submitted ? check() : {}), ...serverErrors };

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors({});
  };
  const close = () => {
    setValues({ currentPassword: '', newPassword: '', confirmation: '' });
    setSubmitted(false);
    setServerErrors({});
    onHide();
  };

  async function save() {
    setSubmitted(true);
    if (Object.keys(check()).length) return failed();
    setSaving(true);
    try {
      const { token } = await changeOwnPassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      keepSession(token);
      notifySuccess('Mot de passe mis à jour avec succès !');
      close();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fieldErrors).length) {
        setServerErrors(err.fieldErrors);
        failed();
      } else {
        console.error('Error changing own password', err);
        notifyError('Erreur lors de la mise à jour du mot de passe.', err);
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (id: Field, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`own-${id}`} label={label} hint={hint} error={errors[id]}>
      <InputText
        id={`own-${id}`}
        type="password"
        autoComplete={autoComplete}
        value={values[id]}
        invalid={Boolean(errors[id])}
        onChange={(e) => set(id, e.target.value)}
      />
    </FormField>
  );

  return (
    <Dialog
      header="Modifier mon mot de passe"
      visible={visible}
      onHide={close}
      modal
      footer={
        <>
          <Button label="Annuler" severity="secondary" outlined onClick={close} />
          <Button label="Enregistrer" icon="pi pi-check" loading={saving} onClick={save} />
        </>
      }
    >
      <form className="modal-body" ref={ref} onSubmit={(e) => (e.preventDefault(), void save())}>
        {field('currentPassword', 'Mot de passe actuel', 'current-password')}
        {field('newPassword', 'Nouveau mot de passe', 'new-password', PASSWORD_HINT)}
        {field('confirmation', 'Confirmer le mot de passe', 'new-password')}
      </form>
    </Dialog>
  );
}
