// The user form of docs/product.md §2.2.14 for a chosen company: every field, the manager among the company's users,
// the password hint, 'Activer l'utilisateur immédiatement' checked by default, the per-field messages of
// docs/product.md §2.5; submission is blocked while any message shows.
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ApiError } from '../../api/http';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { useRolesQuery, useUserChanged, useUsersByEntrepriseQuery } from '../../api/queries/users';
import { createUser, type Role, type User } from '../../api/users';
import { grantsRole } from '../../domain/permissions';
import {
  createFieldOf,
  emptyUserForm,
  PASSWORD_HINT,
  toCreatePayload,
  userFormErrors,
  type UserFormField,
  type UserFormValues,
} from '../../domain/userForm';
import { useFocusFirstInvalid } from '../../ui/focusFirstInvalid';
import { notifyError, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { FormField } from './FormField';

type Errors = Partial<Record<UserFormField, string>>;
const NO_ROLES: Role[] = [];
const NO_USERS: User[] = [];

export function UserCreateForm({ entrepriseId }: { entrepriseId: number }) {
  const navigate = useNavigate();
  const me = useAtomValue(currentUserAtom);
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [touched, setTouched] = useState<Partial<Record<UserFormField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const changed = useUserChanged();
  const rolesQuery = useRolesQuery();
  const roles = rolesQuery.data ?? NO_ROLES;
  useLoggedError(rolesQuery.error, 'Error fetching roles');
  // The form is keyed by its company (UserCreatePage): a new company starts with no manager chosen.
  const managersQuery = useUsersByEntrepriseQuery(entrepriseId);
  const managers = managersQuery.data ?? NO_USERS;
  useLoggedError(managersQuery.error, 'Error fetching users');
  // A sensible default: the spec does not validate the role, the server needs one.
  const defaultRoleId = (roles.find((r) => r.nomRole === 'Vendeur') ?? roles[0])?.roleId ?? null;
  const form: UserFormValues = values.roleId ? values : { ...values, roleId: defaultRoleId };

  const { ref: formRef, failed } = useFocusFirstInvalid();
  const errors: Errors = { ...userFormErrors(form), ...serverErrors };
  const shown = (f: UserFormField) => (touched[f] ? errors[f] : undefined);

  function set<K extends UserFormField>(field: K, value: UserFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched({
      nom: true,
      prenom: true,
      mail: true,
      mobile: true,
      password: true,
      confirmation: true,
      roleId: true,
      managerId: true,
    });
    if (Object.keys(userFormErrors(form)).length) return failed();
    setSaving(true);
    try {
      await createUser(toCreatePayload(form, entrepriseId));
      notifySuccess('Utilisateur ajouté avec succès !');
      void changed.created();
      void navigate('/users');
    } catch (err) {
      console.error("Erreur lors de l'ajout de l'utilisateur", err);
      if (err instanceof ApiError) {
        const mapped: Errors = {};
        for (const [k, m] of Object.entries(err.fieldErrors)) if (createFieldOf[k]) mapped[createFieldOf[k]] = m;
        if (err.status === 409) mapped.mail = err.message;
        setServerErrors(mapped);
        failed();
      }
      notifyError("Erreur lors de l'ajout de l'utilisateur.", err);
    } finally {
      setSaving(false);
    }
  }

  const text = (
    id: 'fonction' | 'nom' | 'prenom' | 'mail' | 'mobile' | 'password' | 'confirmation',
    label: string,
    props: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <FormField id={id} label={label} error={shown(id)} hint={hint}>
      <InputText
        id={id}
        value={values[id]}
        onChange={(e) => set(id, e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, [id]: true }))}
        invalid={Boolean(shown(id))}
        aria-describedby={shown(id) ? `${id}-error` : undefined}
        {...props}
      />
    </FormField>
  );

  return (
    <form className="card" onSubmit={submit} noValidate ref={formRef}>
      <h2>Informations de l'utilisateur</h2>
      <div className="form-grid">
        <FormField id="roleId" label="Rôle" error={shown('roleId')}>
          <Dropdown
            inputId="roleId"
            value={form.roleId}
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
            onChange={(e) => set('roleId', e.value as number | null)}
            invalid={Boolean(shown('roleId'))}
            placeholder="Choisir un rôle"
          />
        </FormField>
        {text('fonction', 'Fonction')}
        {text('nom', 'Nom', { autoComplete: 'family-name' })}
        {text('prenom', 'Prénom', { autoComplete: 'given-name' })}
        {text('mail', 'Email', { type: 'email', autoComplete: 'off' })}
        {text('mobile', 'Mobile', { inputMode: 'numeric', autoComplete: 'off' })}
        <FormField id="managerId" label="Manager (optionnel)" error={shown('managerId')}>
          <Dropdown
            inputId="managerId"
            value={values.managerId}
            options={managers.map((u) => ({ label: `${u.prenom} ${u.nom} (${u.nomRole})`, value: u.userId }))}
            onChange={(e) => set('managerId', (e.value as number | null) ?? null)}
            invalid={Boolean(shown('managerId'))}
            placeholder="Aucun manager"
            showClear
            emptyMessage="Aucun utilisateur dans cette entreprise"
          />
        </FormField>
        {text('password', 'Mot de passe', { type: 'password', autoComplete: 'new-password' }, PASSWORD_HINT)}
        {text('confirmation', 'Confirmation du mot de passe', { type: 'password', autoComplete: 'new-password' })}
      </div>
      <div className="form-check" style={{ marginTop: '1rem' }}>
        <Checkbox inputId="isActive" checked={values.isActive} onChange={(e) => set('isActive', Boolean(e.checked))} />
        <label htmlFor="isActive">Activer l'utilisateur immédiatement</label>
      </div>
      <div className="form-actions">
        <Button type="button" label="Annuler" severity="secondary" outlined onClick={() => navigate('/users')} />
        <Button type="submit" label="Créer l'utilisateur" icon="pi pi-check" loading={saving} />
      </div>
    </form>
  );
}
