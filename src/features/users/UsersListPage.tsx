// /Users (docs/product.md §2.2.13): search (also over company), one stat card per role, sortable columns, rows
// with role badges and a marker for who cannot sign in (disabled, no licence in force); each row is a link to
// /users/{userId}/detailsCopy; 'Créer un utilisateur' for Admin only; both empty states.
import './users.css';

import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useNavigate } from 'react-router-dom';

import { can } from '#domain/permissions';
import { initials } from '#domain/userName';

import { useUsersQuery } from '../../api/queries/users';
import type { User } from '../../api/users';
import { ListPage } from '../../ui/ListPage';
import type { ListDefaults } from '../../ui/listUrlState';
import { RowLink } from '../../ui/RowLink';
import { StatCard } from '../../ui/StatCard';
import { currentUserAtom } from '../auth/atoms';
import { formatDate } from './format';
import { RoleBadge } from './RoleBadge';
import { accessMarkers } from './userAccess';
import { searchUsers, userStats } from './userSearch';

/** The server's order until a column is chosen (and again when its sort is removed); 20 a page. */
const USER_LIST: ListDefaults = {
  sortFields: ['nom', 'mail', 'createdAt', 'nomRole', 'nomEntreprise'],
  sort: null,
  rowsOptions: [20],
};

const search = { label: 'Rechercher un utilisateur', placeholder: 'Rechercher un utilisateur…', filter: searchUsers };

function UserStats({ users, loading }: { users: User[]; loading: boolean }) {
  const stats = userStats(users);
  return (
    <>
      <StatCard label="Total" value={stats.total} icon="pi-users" loading={loading} />
      <StatCard label="Administrateurs" value={stats.admins} icon="pi-shield" loading={loading} />
      <StatCard label="Directeurs" value={stats.directeurs} icon="pi-building" loading={loading} />
      <StatCard label="Managers" value={stats.managers} icon="pi-briefcase" loading={loading} />
      <StatCard label="Vendeurs" value={stats.vendeurs} icon="pi-shopping-bag" loading={loading} />
    </>
  );
}

export function UsersListPage() {
  const me = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  return (
    <ListPage
      title="Utilisateurs"
      actions={
        can(me?.role, 'user.create') && (
          <Button
            label="Créer un utilisateur"
            icon="pi pi-user-plus"
            onClick={() => navigate('/UserCreateFormulaire')}
          />
        )
      }
      query={useUsersQuery()}
      failure={{ log: 'Error fetching users', text: 'Erreur lors de la récupération des utilisateurs' }}
      stats={(rows, loading) => <UserStats users={rows} loading={loading} />}
      search={search}
      empty={{
        icon: 'pi-users',
        title: 'Aucun utilisateur trouvé',
        text: "Aucun utilisateur n'a été ajouté pour le moment.",
        noMatch: 'Aucun utilisateur ne correspond à votre recherche.',
      }}
      list={USER_LIST}
      dataKey="userId"
      className="users-table"
      removableSort
      // Fixed layout: the columns keep their widths when the rows (and their markers) arrive, so nothing
      // moves on load (tests/e2e/layoutShift.test.ts).
      tableStyle={{ tableLayout: 'fixed' }}
    >
      <Column
        header="Utilisateur"
        field="nom"
        sortable
        style={{ width: '32%' }}
        body={(u: User) => (
          <div className="user-cell">
            <span className="avatar" aria-hidden="true">
              {initials(u.prenom, u.nom)}
            </span>
            <RowLink to={`/users/${u.userId}/detailsCopy`}>
              {u.prenom} {u.nom}
            </RowLink>
            {accessMarkers(u).map((m) => (
              <span key={m.kind} className={`user-flag user-flag-${m.kind}`}>
                {m.label}
              </span>
            ))}
          </div>
        )}
      />
      <Column header="Email" field="mail" sortable body={(u: User) => u.mail ?? '—'} />
      <Column header="Date de création" field="createdAt" sortable body={(u: User) => formatDate(u.createdAt)} />
      <Column header="Rôle" field="nomRole" sortable body={(u: User) => <RoleBadge role={u.nomRole} />} />
      <Column field="nomEntreprise" header="Entreprise" sortable />
    </ListPage>
  );
}
