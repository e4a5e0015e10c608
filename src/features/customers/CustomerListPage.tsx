// A list of customers, shared by /customers and the customers of a user: the ListPage with the customer
// cards, columns and words; each page gives its title, actions, query and search.
import type { UseQueryResult } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import type { ReactNode } from 'react';

import type { Customer } from '#domain/customer';
import { formatDateFr } from '#domain/customerList';

import type { ListFailure } from '../../ui/listLoadError';
import { ListPage, type ListSearchRule } from '../../ui/ListPage';
import type { ListDefaults } from '../../ui/listUrlState';
import { RowLink } from '../../ui/RowLink';
import { CustomerCount } from './CustomerCount';
import { CustomerName } from './CustomerName';
import { CustomerStats } from './CustomerStats';

/** Sortable by each column; the newest first unless the URL says otherwise; 10, 25 or 50 a page. */
const CUSTOMER_LIST: ListDefaults = {
  sortFields: ['nom', 'mail', 'createdAt', 'propositionCount'],
  sort: { field: 'createdAt', order: 'desc' },
  rowsOptions: [10, 25, 50],
};

// An array of Column elements, not a component: the DataTable reads its columns from its direct children.
const columns = [
  <Column
    key="nom"
    header="Client"
    field="nom"
    sortable
    body={(c: Customer) => (
      <RowLink to={`/customers/${c.customerId}`}>
        <CustomerName prenom={c.prenom} nom={c.nom} />
      </RowLink>
    )}
  />,
  <Column key="mail" header="Email" field="mail" sortable />,
  <Column
    key="createdAt"
    header="Date de création"
    field="createdAt"
    sortable
    body={(c: Customer) => formatDateFr(c.createdAt)}
  />,
  <Column
    key="propositionCount"
    header="Propositions"
    field="propositionCount"
    sortable
    body={(c: Customer) => <CustomerCount count={c.propositionCount} />}
  />,
];

export function CustomerListPage({
  title,
  actions,
  query,
  panel,
  search,
  empty,
  noMatch,
  withoutProposition,
}: {
  title: string;
  actions: ReactNode;
  query: UseQueryResult<Customer[]>;
  panel?: ListFailure['panel'];
  search?: ListSearchRule<Customer>;
  empty: string;
  noMatch?: string;
  withoutProposition?: boolean;
}) {
  return (
    <ListPage
      title={title}
      actions={actions}
      query={query}
      failure={{ log: 'Error fetching customers', text: 'Erreur lors de la récupération des clients', panel }}
      stats={(rows, loading) => (
        <CustomerStats customers={rows} loading={loading} withoutProposition={withoutProposition} />
      )}
      search={search}
      empty={{ icon: 'pi-users', title: 'Aucun client trouvé', text: empty, noMatch }}
      list={CUSTOMER_LIST}
      dataKey="customerId"
      className="cust-table"
    >
      {columns}
    </ListPage>
  );
}
