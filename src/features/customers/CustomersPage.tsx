// /customers (docs/product.md §2.2.2): search over nom, prenom, mail (case and accents ignored), four stat cards,
// 'Ajouter un client', a sortable paginated table whose rows open the customer, and both empty states.
import './customers.css';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useCustomersQuery } from '../../api/queries/customers';
import { type Customer, customerStats, formatDateFr, matchesCustomerSearch } from '../../domain/customer';
import { UnexpectedListFormatError } from '../../domain/list';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { PageTitle } from '../../ui/PageTitle';
import { RowLink } from '../../ui/RowLink';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { notifyError } from '../../ui/toast';
import { CustomerCount } from './CustomerCount';
import { CustomerName } from './CustomerName';

const PAGE = 10;

const loadErrorMessage = (err: Error) =>
  err instanceof UnexpectedListFormatError
    ? 'Format de réponse inattendu'
    : 'Erreur lors de la récupération des clients';

// Zeros and "no customer yet" would pass for an empty database: a failure says what failed.
const loadErrorText = (err: Error) =>
  err instanceof UnexpectedListFormatError || !err.message
    ? loadErrorMessage(err)
    : `${loadErrorMessage(err)} : ${err.message}`;

export function CustomersPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const query = useCustomersQuery();
  const customers = useMemo(() => query.data ?? [], [query.data]);
  const loading = query.isPending || (query.isError && query.isFetching);
  const loadError = query.isError ? loadErrorText(query.error) : null;

  // Said once per failed load, as a toast too (the badge reads the same query and says nothing).
  useEffect(() => {
    if (query.error) {
      console.error('Error fetching customers', query.error);
      notifyError(loadErrorMessage(query.error));
    }
  }, [query.error]);

  const shown = useMemo(() => customers.filter((c) => matchesCustomerSearch(c, search)), [customers, search]);
  const stats = useMemo(() => customerStats(customers), [customers]);

  return (
    <section>
      <PageTitle
        actions={
          <Button label="Ajouter un client" icon="pi pi-user-plus" onClick={() => navigate('/customers/create')} />
        }
      >
        Clients
      </PageTitle>
      {loadError ? (
        <LoadError text={loadError} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StatGrid>
            <StatCard label="Total Clients" value={stats.totalClients} icon="pi-users" loading={loading} />
            <StatCard label="Total Propositions" value={stats.totalPropositions} icon="pi-file" loading={loading} />
            <StatCard label="Clients Actifs" value={stats.active} icon="pi-check-circle" loading={loading} />
            <StatCard
              label="Sans Proposition"
              value={stats.withoutProposition}
              icon="pi-user-minus"
              loading={loading}
            />
          </StatGrid>
          <div className="card">
            <IconField iconPosition="left" className="cust-search">
              <InputIcon className="pi pi-search" />
              <InputText
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Rechercher un client (nom, prénom, email)…"
                aria-label="Rechercher un client"
              />
            </IconField>
            {!loading && shown.length === 0 ? (
              <EmptyState
                icon="pi-users"
                title="Aucun client trouvé"
                text={
                  search.trim()
                    ? 'Aucun client ne correspond à votre recherche.'
                    : "Aucun client n'a été ajouté pour le moment."
                }
              />
            ) : (
              <DataTable
                value={shown}
                loading={loading}
                dataKey="customerId"
                className="cust-table linked-rows"
                rowHover
                paginator={shown.length > PAGE}
                rows={PAGE}
                rowsPerPageOptions={[10, 25, 50]}
                sortField="createdAt"
                sortOrder={-1}
              >
                <Column
                  header="Client"
                  field="nom"
                  sortable
                  body={(c: Customer) => (
                    <RowLink to={`/customers/${c.customerId}`}>
                      <CustomerName prenom={c.prenom} nom={c.nom} />
                    </RowLink>
                  )}
                />
                <Column header="Email" field="mail" sortable />
                <Column
                  header="Date de création"
                  field="createdAt"
                  sortable
                  body={(c: Customer) => formatDateFr(c.createdAt)}
                />
                <Column
                  header="Propositions"
                  field="propositionCount"
                  sortable
                  body={(c: Customer) => <CustomerCount count={c.propositionCount} />}
                />
              </DataTable>
            )}
          </div>
        </>
      )}
    </section>
  );
}
