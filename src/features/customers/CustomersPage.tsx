// /customers (docs/product.md §2.2.2): search over nom, prenom, mail (case and accents ignored), four stat cards,
// 'Ajouter un client', a sortable paginated table whose rows open the customer, and both empty states.
import './customers.css';

import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';

import { useCustomersQuery } from '../../api/queries/customers';
import { type Customer, matchesCustomerSearch } from '../../domain/customer';
import { ListPage } from '../../ui/ListPage';
import { CUSTOMER_LIST, customerColumns } from './customerColumns';
import { CustomerStats } from './CustomerStats';

const search = {
  label: 'Rechercher un client',
  placeholder: 'Rechercher un client (nom, prénom, email)…',
  filter: (rows: Customer[], q: string) => rows.filter((c) => matchesCustomerSearch(c, q)),
};

export function CustomersPage() {
  const navigate = useNavigate();
  return (
    <ListPage
      title="Clients"
      actions={
        <Button label="Ajouter un client" icon="pi pi-user-plus" onClick={() => navigate('/customers/create')} />
      }
      query={useCustomersQuery()}
      failure={{ log: 'Error fetching customers', text: 'Erreur lors de la récupération des clients' }}
      stats={(rows, loading) => <CustomerStats customers={rows} loading={loading} withoutProposition />}
      search={search}
      empty={{
        icon: 'pi-users',
        title: 'Aucun client trouvé',
        text: "Aucun client n'a été ajouté pour le moment.",
        noMatch: 'Aucun client ne correspond à votre recherche.',
      }}
      list={CUSTOMER_LIST}
      dataKey="customerId"
      className="cust-table"
    >
      {customerColumns()}
    </ListPage>
  );
}
