// /Users (docs/product.md §2.2.13): search (also over company), one stat card per role, sortable columns, rows
// with role badges and a marker for who cannot sign in (disabled, no licence in force); each row is a link to
// /users/{userId}/detailsCopy; 'Créer un utilisateur' for Admin only; both empty states.
import './users.css';

import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useUsersQuery } from '../../api/queries/users';
import type { User } from '../../api/users';
import { can } from '../../domain/permissions';
import { initials } from '../../domain/user';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { PageTitle } from '../../ui/PageTitle';
import { RowLink } from '../../ui/RowLink';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { notifyError } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { formatDate } from './format';
import { RoleBadge } from './RoleBadge';
import { accessMarkers } from './userAccess';
import { searchUsers, userStats } from './userSearch';

export function UsersListPage() {
  const me = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const query = useUsersQuery();
  const users = useMemo(() => query.data ?? [], [query.data]);
  const loading = query.isPending || (query.isError && query.isFetching);
  // Zeros and "no user yet" would pass for an empty database.
  const loadError = query.error
    ? `Erreur lors de la récupération des utilisateurs${query.error.message ? ` : ${query.error.message}` : ''}`
    : null;

  useEffect(() => {
    if (!query.error) return;
    console.error('Error fetching users', query.error);
    notifyError('Erreur lors de la récupération des utilisateurs');
  }, [query.error]);

  const shown = useMemo(() => searchUsers(users, search), [users, search]);
  const stats = useMemo(() => userStats(users), [users]);
  const mayCreate = can(me?.role, 'user.create');

  return (
    <section>
      <PageTitle
        actions={
          mayCreate && (
            <Button
              label="Créer un utilisateur"
              icon="pi pi-user-plus"
              onClick={() => navigate('/UserCreateFormulaire')}
            />
          )
        }
      >
        Utilisateurs
      </PageTitle>
      {loadError ? (
        <LoadError text={loadError} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StatGrid>
            <StatCard label="Total" value={stats.total} icon="pi-users" loading={loading} />
            <StatCard label="Administrateurs" value={stats.admins} icon="pi-shield" loading={loading} />
            <StatCard label="Directeurs" value={stats.directeurs} icon="pi-building" loading={loading} />
            <StatCard label="Managers" value={stats.managers} icon="pi-briefcase" loading={loading} />
            <StatCard label="Vendeurs" value={stats.vendeurs} icon="pi-shopping-bag" loading={loading} />
          </StatGrid>
          <div className="card">
            <IconField iconPosition="left" className="users-search">
              <InputIcon className="pi pi-search" />
              <InputText
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Rechercher un utilisateur…"
                aria-label="Rechercher un utilisateur"
              />
            </IconField>
            {!loading && shown.length === 0 ? (
              <EmptyState
                icon="pi-users"
                title="Aucun utilisateur trouvé"
                text={
                  search.trim()
                    ? 'Aucun utilisateur ne correspond à votre recherche.'
                    : "Aucun utilisateur n'a été ajouté pour le moment."
                }
              />
            ) : (
              <DataTable
                value={shown}
                loading={loading}
                dataKey="userId"
                className="users-table linked-rows"
                rowHover
                paginator={shown.length > 20}
                rows={20}
                removableSort
                // Fixed layout: the columns keep their widths when the rows (and their markers) arrive, so
                // nothing moves on load (tests/e2e/layoutShift.test.ts).
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
                <Column
                  header="Date de création"
                  field="createdAt"
                  sortable
                  body={(u: User) => formatDate(u.createdAt)}
                />
                <Column header="Rôle" field="nomRole" sortable body={(u: User) => <RoleBadge role={u.nomRole} />} />
                <Column field="nomEntreprise" header="Entreprise" sortable />
              </DataTable>
            )}
          </div>
        </>
      )}
    </section>
  );
}
