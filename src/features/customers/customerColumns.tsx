// The customer table's columns, shared by /customers and the customers of a user. An array of Column
// elements, not a component: the DataTable reads its columns from its direct children.
import { Column } from 'primereact/column';

import { type Customer, formatDateFr } from '../../domain/customer';
import type { ListDefaults } from '../../ui/listUrlState';
import { RowLink } from '../../ui/RowLink';
import { CustomerCount } from './CustomerCount';
import { CustomerName } from './CustomerName';

/** Sortable by each column; the newest first unless the URL says otherwise; 10, 25 or 50 a page. */
export const CUSTOMER_LIST: ListDefaults = {
  sortFields: ['nom', 'mail', 'createdAt', 'propositionCount'],
  sort: { field: 'createdAt', order: 'desc' },
  rowsOptions: [10, 25, 50],
};

export const customerColumns = () => [
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
