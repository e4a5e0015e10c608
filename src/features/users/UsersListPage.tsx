// /Users (docs/product.md §2.2.13): search (also over company), stat cards, rows with role badges; row click opens
// /users/{userId}/detailsCopy; 'Créer un utilisateur' for Admin only; both empty states.
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchUsers, type User } from '../../api/users';
import { can } from '../../domain/permissions';
import { initials } from '../../domain/user';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { LoadError } from '../../ui/LoadError';
import { notifyError } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { formatDate } from './format';
import { RoleBadge } from './RoleBadge';
import { searchUsers, userStats } from './userSearch';
import './users.css';

export function UsersListPage() {
  const me = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const [users, setUsers] = useState<User[]>([]);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchUsers(controller.signal)
      .then((list) => {
        setUsers(list);
        setLoadError(null);
      })
      .catch((err) => {
        if (err?.name === 'AbortError') return;
        console.error('Error fetching users', err);
        notifyError('Erreur lors de la récupération des utilisateurs');
        // Zeros and "no user yet" would pass for an empty database.
        setLoadError(`Erreur lors de la récupération des utilisateurs${err instanceof Error && err.message ? ` : ${err.message}` : ''}`);
      })
      .finally(() => {
        // Under StrictMode the first, aborted load must not end the loading state.
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [attempt]);

  const shown = useMemo(() => searchUsers(users, search), [users, search]);
  const stats = useMemo(() => userStats(users), [users]);
  const mayCreate = can(me?.role, 'user.create');

  return (
    <section>
      <PageTitle
        actions={mayCreate && <Button label="Créer un utilisateur" icon="pi pi-user-plus" onClick={() => navigate('/UserCreateFormulaire')} />}
      >
        Utilisateurs
      </PageTitle>
      {loadError ? (
        <LoadError text={loadError} onRetry={() => setAttempt((a) => a + 1)} />
      ) : (
        <>
      <StatGrid>
        <StatCard label="Total" value={stats.total} icon="pi-users" loading={loading} />
        <StatCard label="Administrateurs" value={stats.admins} icon="pi-shield" loading={loading} />
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
            className="users-table"
            rowHover
            paginator={shown.length > 20}
            rows={20}
            onRowClick={(e) => navigate(`/users/${(e.data as User).userId}/detailsCopy`)}
          >
            <Column
              header="Utilisateur"
              body={(u: User) => (
                <div className="user-cell">
                  <span className="avatar" aria-hidden="true">{initials(u.prenom, u.nom)}</span>
                  <span>
                    {u.prenom} {u.nom}
                  </span>
                </div>
              )}
            />
            <Column header="Email" body={(u: User) => u.mail ?? '—'} />
            <Column header="Date de création" body={(u: User) => formatDate(u.createdAt)} />
            <Column header="Rôle" body={(u: User) => <RoleBadge role={u.nomRole} />} />
            <Column field="nomEntreprise" header="Entreprise" />
          </DataTable>
        )}
      </div>
        </>
      )}
    </section>
  );
}
