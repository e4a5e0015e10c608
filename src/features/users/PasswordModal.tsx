// 'Modifier mot de passe' (docs/product.md §2.2.16): new password and confirmation, the creation form's rules.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

import { changePassword } from '../../api/users';
import { PASSWORD_HINT, passwordChangeErrors } from '../../domain/userForm';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { notifyError, notifySuccess } from '../../ui/toast';
import { FormField } from './FormField';

export function PasswordModal({ userId, visible, onHide }: { userId: number; visible: boolean; onHide: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const { ref, failed } = useFocusFirstInvalid<HTMLDivElement>();
  const errors = submitted ? passwordChangeErrors(password, confirmation) : {};

  const close = () => {
    setPassword('');
    setConfirmation('');
    setSubmitted(false);
    onHide();
  };

  async function save() {
    setSubmitted(true);
    if (Object.keys(passwordChangeErrors(password, confirmation)).length) return failed();
    setSaving(true);
    try {
      await changePassword(userId, password);
      notifySuccess('Mot de passe mis à jour avec succès !');
      close();
    } catch (err) {
      console.error('Error changing password', err);
      notifyError('Erreur lors de la mise à jour du mot de passe.', err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      header="Modifier mot de passe"
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
      <div className="modal-body" ref={ref}>
        <FormField id="new-password" label="Nouveau mot de passe" hint={PASSWORD_HINT} error={errors.newPassword}>
          <InputText
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            invalid={!!errors.newPassword}
          />
        </FormField>
        <FormField id="new-password-confirmation" label="Confirmer le mot de passe" error={errors.confirmation}>
          <InputText
            id="new-password-confirmation"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            invalid={!!errors.confirmation}
          />
        </FormField>
      </div>
    </Dialog>
  );
}
