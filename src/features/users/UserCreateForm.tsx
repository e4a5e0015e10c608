// The user form of docs/product.md §2.2.14 for a chosen company: every field, the manager among the company's users,
// the password hint, 'Activer l'utilisateur immédiatement' checked by default, the per-field messages of
// docs/product.md §2.5 (shown once a field is left, then as it changes); submission is blocked while any shows.
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';

import { grantsRole } from '#domain/permissions';
import {
  createFieldOf,
  emptyUserForm,
  PASSWORD_HINT,
  toCreatePayload,
  userFormSchema,
  type UserFormValues,
} from '#domain/userForm';

import { ApiError } from '../../api/http';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { useCreateUserMutation, useRolesQuery, useUsersByEntrepriseQuery } from '../../api/queries/users';
import type { Role, User } from '../../api/users';
import { DropdownField } from '../../ui/DropdownField';
import { FormField } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';
import { notifyError, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';

const NO_ROLES: Role[] = [];
const NO_USERS: User[] = [];
type TextField = 'fonction' | 'nom' | 'prenom' | 'mail' | 'mobile' | 'password' | 'confirmation';

export function UserCreateForm({ entrepriseId }: { entrepriseId: number }) {
  const navigate = useNavigate();
  const me = useAtomValue(currentUserAtom);
  const createUser = useCreateUserMutation();
  const rolesQuery = useRolesQuery();
  const roles = rolesQuery.data ?? NO_ROLES;
  useLoggedError(rolesQuery.error, 'Error fetching roles');
  // The form is keyed by its company (UserCreatePage): a new company starts with no manager chosen.
  const managersQuery = useUsersByEntrepriseQuery(entrepriseId);
  const managers = managersQuery.data ?? NO_USERS;
  useLoggedError(managersQuery.error, 'Error fetching users');
  // A sensible default: docs/product.md does not validate the role, the server needs one.
  const defaultRoleId = (roles.find((r) => r.nomRole === 'Vendeur') ?? roles[0])?.roleId ?? null;

  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: emptyUserForm(),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await createUser.mutateAsync(
        toCreatePayload({ ...values, roleId: values.roleId ?? defaultRoleId }, entrepriseId),
      );
    } catch (err) {
      console.error("Erreur lors de l'ajout de l'utilisateur", err);
      if (err instanceof ApiError) {
        if (err.status === 409) form.setError('mail', { type: 'server', message: err.message }, { shouldFocus: true });
        else showServerFieldErrors(form.setError, err.fieldErrors, (f) => createFieldOf[f]);
      }
      notifyError("Erreur lors de l'ajout de l'utilisateur.", err);
      throw err;
    }
    notifySuccess('Utilisateur ajouté avec succès !');
  });

  const text = (name: TextField, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <FormField name={name} label={label} hint={hint}>
      {/* The password's messages are re-checked against the confirmation as it changes. */}
      {(a11y) => (
        <InputText
          {...form.register(name, name === 'password' ? { deps: ['confirmation'] } : undefined)}
          {...a11y}
          {...props}
        />
      )}
    </FormField>
  );

  return (
    <FormProvider {...form}>
      {/* A failed save was already told (toast, field messages): nothing more to do with its error. */}
      <form className="card" onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate>
        <FormLeaveGuard onSaved={() => void navigate('/users')} />
        <h2>Informations de l'utilisateur</h2>
        <div className="form-grid">
          <DropdownField
            name="roleId"
            label="Rôle"
            // Admin is offered only in the provider's company (docs/permissions.md).
            options={roles.filter(
              (r) =>
                !!me &&
                grantsRole(
                  { userId: me.id, role: me.role, entrepriseId: me.entrepriseId ?? -1 },
                  r.nomRole,
                  entrepriseId,
                ),
            )}
            optionLabel="nomRole"
            optionValue="roleId"
            placeholder="Choisir un rôle"
            fallback={defaultRoleId}
          />
          {text('fonction', 'Fonction')}
          {text('nom', 'Nom', { autoComplete: 'family-name' })}
          {text('prenom', 'Prénom', { autoComplete: 'given-name' })}
          {text('mail', 'Email', { type: 'email', autoComplete: 'off' })}
          {text('mobile', 'Mobile', { inputMode: 'numeric', autoComplete: 'off' })}
          <DropdownField
            name="managerId"
            label="Manager (optionnel)"
            options={managers.map((u) => ({ label: `${u.prenom} ${u.nom} (${u.nomRole})`, value: u.userId }))}
            placeholder="Aucun manager"
            showClear
            emptyMessage="Aucun utilisateur dans cette entreprise"
          />
          {text('password', 'Mot de passe', { type: 'password', autoComplete: 'new-password' }, PASSWORD_HINT)}
          {text('confirmation', 'Confirmation du mot de passe', { type: 'password', autoComplete: 'new-password' })}
        </div>
        <div className="form-check" style={{ marginTop: '1rem' }}>
          <Controller
            name="isActive"
            control={form.control}
            render={({ field }) => (
              <Checkbox
                inputId="isActive"
                inputRef={field.ref}
                checked={field.value}
                onChange={(e) => field.onChange(Boolean(e.checked))}
              />
            )}
          />
          <label htmlFor="isActive">Activer l'utilisateur immédiatement</label>
        </div>
        <div className="form-actions">
          <Button type="button" label="Annuler" severity="secondary" outlined onClick={() => navigate('/users')} />
          <Button type="submit" label="Créer l'utilisateur" icon="pi pi-check" loading={form.formState.isSubmitting} />
        </div>
      </form>
    </FormProvider>
  );
}
