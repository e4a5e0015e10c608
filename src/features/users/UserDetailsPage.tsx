// /users/{userId}/details (docs/product.md §2.2.15, read-only) and /users/{userId}/detailsCopy (docs/product.md §2.2.16, inline edits).
// Controls follow docs/permissions.md: inline edits, password reset and disable only for an Admin, never on
// another Admin (one's own password goes through 'Modifier mon mot de passe'); licences for Admin only.
// The server enforces the same rules.
import './users.css';

import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { can, managesUser } from '#domain/permissions';

import { useDisableUserMutation } from '../../api/queries/users';
import type { User } from '../../api/users';
import { confirmDanger } from '../../ui/confirmDanger';
import { PageTitle } from '../../ui/PageTitle';
import { currentUserAtom } from '../auth/atoms';
import { formatDate } from './format';
import { InlineEdit } from './InlineEdit';
import { LicenceAddForm } from './LicenceAddForm';
import { LicenceList } from './LicenceList';
import { PasswordModal } from './PasswordModal';
import { RoleBadge } from './RoleBadge';
import { useUserDetails } from './useUserDetails';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="detail">
      <span className="detail-label">{label}</span>
      <span className="detail-value">{children}</span>
    </div>
  );
}

export function UserDetailsPage({ inline }: { inline: boolean }) {
  const userId = Number(useParams().userId);
  const me = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const { user, licences, error, loading } = useUserDetails(userId);
  const disableUser = useDisableUserMutation();
  const [adding, setAdding] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const back = <Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate('/users')} />;
  if (loading && !user) return <ProgressSpinner aria-label="Chargement" />;
  if (error || !user) {
    return (
      <section>
        <PageTitle actions={back}>Détails de l'utilisateur</PageTitle>
        <Message severity="error" text={error ?? "Erreur lors de la récupération de l'utilisateur"} />
      </section>
    );
  }

  const isSelf = me?.id === user.userId;
  const manages = !!me && managesUser({ userId: me.id, role: me.role }, { userId: user.userId, role: user.nomRole });
  const canEditFields = manages;
  const managesLicences = can(me?.role, 'licence.manage');

  function disable(u: User) {
    confirmDanger({
      header: 'Désactiver utilisateur',
      message: `Voulez-vous vraiment désactiver ${u.prenom} ${u.nom} ? Il ne pourra plus se connecter.`,
      acceptLabel: 'Désactiver',
      accept: async () => {
        try {
          await disableUser.mutateAsync(u.userId);
        } catch (err) {
          // Only logged (docs/product.md §2.8).
          console.error('Error disabling user', err);
        }
      },
    });
  }

  const addLicenceButton = managesLicences && (
    <Button label="Ajouter une licence" icon="pi pi-key" outlined onClick={() => setAdding(true)} />
  );
  const actions = inline ? (
    <div className="details-actions">
      <Button
        label="Voir ses clients"
        icon="pi pi-users"
        outlined
        onClick={() => navigate(`/users/${user.userId}/customers`)}
      />
      <Button label="Fiche" icon="pi pi-id-card" text onClick={() => navigate(`/users/${user.userId}/details`)} />
      {manages && !isSelf && (
        <Button label="Modifier mot de passe" icon="pi pi-lock" outlined onClick={() => setPasswordOpen(true)} />
      )}
      {addLicenceButton}
      {manages && !isSelf && user.isActive && (
        <Button
          label="Désactiver utilisateur"
          icon="pi pi-ban"
          severity="danger"
          outlined
          onClick={() => disable(user)}
        />
      )}
    </div>
  ) : (
    <div className="details-actions">
      <Button
        label="Modifier l'utilisateur"
        icon="pi pi-user-edit"
        outlined
        onClick={() => navigate(`/users/${user.userId}/detailsCopy`)}
      />
      <Button
        label="Voir ses clients"
        icon="pi pi-users"
        outlined
        onClick={() => navigate(`/users/${user.userId}/customers`)}
      />
      {addLicenceButton}
    </div>
  );

  const field = (f: 'fonction' | 'nom' | 'prenom' | 'mail' | 'mobile', label: string) =>
    inline ? (
      <InlineEdit key={`${f}-${user[f]}`} user={user} field={f} label={label} editable={canEditFields} />
    ) : (
      <Detail label={label}>{user[f] || '—'}</Detail>
    );

  return (
    <section>
      <ConfirmDialog />
      <PageTitle actions={back}>
        {user.prenom} {user.nom}
      </PageTitle>
      <div className="card">
        <div className="page-header">
          <h2>Informations {!user.isActive && <Tag severity="danger" value="Utilisateur désactivé" />}</h2>
          {actions}
        </div>
        <div className="details-grid">
          <Detail label="Entreprise">{user.nomEntreprise}</Detail>
          <Detail label="Rôle">
            <RoleBadge role={user.nomRole} />
          </Detail>
          {inline && field('fonction', 'Fonction')}
          {field('nom', 'Nom')}
          {field('prenom', 'Prénom')}
          {field('mail', 'Email')}
          {inline && field('mobile', 'Mobile')}
          <Detail label="Date de création">{formatDate(user.createdAt)}</Detail>
        </div>
      </div>
      {adding && managesLicences && (
        <LicenceAddForm userId={user.userId} onCancel={() => setAdding(false)} onDone={() => setAdding(false)} />
      )}
      <LicenceList userId={user.userId} licences={licences} isAdmin={managesLicences} activationEditable={inline} />
      {inline && manages && !isSelf && (
        <PasswordModal userId={user.userId} visible={passwordOpen} onHide={() => setPasswordOpen(false)} />
      )}
    </section>
  );
}
