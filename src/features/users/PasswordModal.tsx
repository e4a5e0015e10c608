// 'Modifier mot de passe' (docs/product.md §2.2.16): new password and confirmation, the creation form's rules.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { FormProvider, useForm } from 'react-hook-form';

import { PASSWORD_HINT, passwordChangeFormSchema } from '#domain/userForm';

import { useChangePasswordMutation } from '../../api/queries/users';
import { FormField } from '../../ui/FormField';
import { notifyError, notifySuccess } from '../../ui/toast';

const EMPTY = { newPassword: '', confirmation: '' };

export function PasswordModal({ userId, visible, onHide }: { userId: number; visible: boolean; onHide: () => void }) {
  const form = useForm({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: EMPTY });
  const changePassword = useChangePasswordMutation();

  const close = () => {
    form.reset(EMPTY);
    onHide();
  };

  const save = form.handleSubmit(async ({ newPassword }) => {
    try {
      await changePassword.mutateAsync({ userId, newPassword });
    } catch (err) {
      console.error('Error changing password', err);
      notifyError('Erreur lors de la mise à jour du mot de passe.', err);
      return;
    }
    notifySuccess('Mot de passe mis à jour avec succès !');
    close();
  });

  return (
    <Dialog
      header="Modifier mot de passe"
      visible={visible}
      onHide={close}
      modal
      footer={
        <>
          <Button label="Annuler" severity="secondary" outlined onClick={close} />
          <Button label="Enregistrer" icon="pi pi-check" loading={form.formState.isSubmitting} onClick={save} />
        </>
      }
    >
      <FormProvider {...form}>
        <form className="modal-body" onSubmit={save} noValidate>
          <FormField name="newPassword" id="new-password" label="Nouveau mot de passe" hint={PASSWORD_HINT}>
            {(a11y) => (
              <InputText {...form.register('newPassword')} {...a11y} type="password" autoComplete="new-password" />
            )}
          </FormField>
          <FormField name="confirmation" id="new-password-confirmation" label="Confirmer le mot de passe">
            {(a11y) => (
              <InputText {...form.register('confirmation')} {...a11y} type="password" autoComplete="new-password" />
            )}
          </FormField>
        </form>
      </FormProvider>
    </Dialog>
  );
}
