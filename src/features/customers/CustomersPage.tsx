// /customers (docs/product.md §2.2.2): search over nom, prenom, mail (case and accents ignored), four stat cards,
// 'Ajouter un client', a sortable paginated table whose rows open the customer, and both empty states.
import './customers.css';

import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';

import type { Customer } from '#domain/customer';
import { matchesCustomerSearch } from '#domain/customerList';

import { useCustomersQuery } from '../../api/queries/customers';
import { CustomerListPage } from './CustomerListPage';

const search = {
  label: 'Rechercher un client',
  placeholder: 'Rechercher un client (nom, prénom, email)…',
  filter: (rows: Customer[], q: string) => rows.filter((c) => matchesCustomerSearch(c, q)),
};

export function CustomersPage() {
  const navigate = useNavigate();
  return (
    <CustomerListPage
      title="Clients"
      actions={
        <Button label="Ajouter un client" icon="pi pi-user-plus" onClick={() => navigate('/customers/create')} />
      }
      query={useCustomersQuery()}
      search={search}
      empty="Aucun client n'a été ajouté pour le moment."
      noMatch="Aucun client ne correspond à votre recherche."
      withoutProposition
    />
  );
}
