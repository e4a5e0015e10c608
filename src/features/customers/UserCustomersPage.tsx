// /users/{userId}/customers (docs/product.md §2.2.5): 'Liste des Clients', back button, three cards, the table
// (Client, Email, Date de création, Propositions), a spinner while loading, and the empty state.
import './customers.css';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { useUserCustomersQuery } from '../../api/queries/customers';
import { type Customer, customerStats, formatDateFr } from '../../domain/customer';
import { UnexpectedListFormatError } from '../../domain/list';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { RowLink } from '../../ui/RowLink';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { CustomerCount } from './CustomerCount';
import { CustomerName } from './CustomerName';

export function UserCustomersPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const query = useUserCustomersQuery(userId ?? '');
  const customers = useMemo(() => query.data ?? [], [query.data]);
  const loading = query.isPending;
  const error = query.error
    ? query.error instanceof UnexpectedListFormatError
      ? 'Unexpected response format'
      : 'Error fetching customers'
    : null;
  useEffect(() => {
    if (query.error) console.error(error, query.error);
  }, [query.error, error]);

  const stats = useMemo(() => customerStats(customers), [customers]);

  return (
    <section>
      <PageTitle actions={<Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate(-1)} />}>
        Liste des Clients
      </PageTitle>
      {loading ? (
        <div className="cust-loading">
          <ProgressSpinner aria-label="Chargement des clients" />
        </div>
      ) : error ? (
        <Message severity="error" text={error} />
      ) : (
        <>
          <StatGrid>
            <StatCard label="Total Clients" value={stats.totalClients} icon="pi-users" />
            <StatCard label="Total Propositions" value={stats.totalPropositions} icon="pi-file" />
            <StatCard label="Clients Actifs" value={stats.active} icon="pi-check-circle" />
          </StatGrid>
          <div className="card">
            {customers.length === 0 ? (
              <EmptyState
                icon="pi-users"
                title="Aucun client trouvé"
                text="Cet utilisateur n'a pas encore de clients assignés"
              />
            ) : (
              <DataTable
                value={customers}
                dataKey="customerId"
                className="cust-table linked-rows"
                rowHover
                paginator={customers.length > 10}
                rows={10}
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
