// 'Modifier mon mot de passe', for every user: the current password, the new one (the creation form's
// rules) and its confirmation. The server answers a fresh token: this session goes on, the others end.
import { zodResolver } from '@hookform/resolvers/zod';
import { useSetAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { FormProvider, useForm } from 'react-hook-form';

import { ownPasswordFormSchema } from '#domain/ownPassword';
import { PASSWORD_HINT } from '#domain/userForm';

import { ApiError } from '../../api/http';
import { useChangeOwnPasswordMutation } from '../../api/queries/users';
import { FormField } from '../../ui/FormField';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';
import { notifyError, notifySuccess } from '../../ui/toast';
import { loginSucceededAtom } from '../auth/atoms';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmation: '' };

export function OwnPasswordModal({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const keepSession = useSetAtom(loginSucceededAtom);
  const changeOwnPassword = useChangeOwnPasswordMutation();
  const form = useForm({ resolver: zodResolver(ownPasswordFormSchema), defaultValues: EMPTY });

  const close = () => {
    form.reset(EMPTY);
    onHide();
  };

  const save = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { token } = await changeOwnPassword.mutateAsync({ currentPassword, newPassword });
      keepSession(token);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 400 && showServerFieldErrors(form.setError, err.fieldErrors))) {
        console.error('Error changing own password', err);
        notifyError('Erreur lors de la mise à jour du mot de passe.', err);
      }
      return;
    }
    notifySuccess('Mot de passe mis à jour avec succès !');
    close();
  });

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <FormField name={name} id={`own-${name}`} label={label} hint={hint}>
      {(a11y) => <InputText {...form.register(name)} {...a11y} type="password" autoComplete={autoComplete} />}
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
          <Button label="Enregistrer" icon="pi pi-check" loading={form.formState.isSubmitting} onClick={save} />
        </>
      }
    >
      <FormProvider {...form}>
        <form className="modal-body" onSubmit={save} noValidate>
          {field('currentPassword', 'Mot de passe actuel', 'current-password')}
          {field('newPassword', 'Nouveau mot de passe', 'new-password', PASSWORD_HINT)}
          {field('confirmation', 'Confirmer le mot de passe', 'new-password')}
        </form>
      </FormProvider>
    </Dialog>
  );
}
