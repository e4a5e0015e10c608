// /users/{userId}/customers (docs/product.md §2.2.5): 'Liste des Clients', back button, three cards, the table
// (Client, Email, Date de création, Propositions), its loading state, and the empty state.
import './customers.css';

import { Button } from 'primereact/button';
import { useNavigate, useParams } from 'react-router-dom';

import { useUserCustomersQuery } from '../../api/queries/customers';
import { UnexpectedListFormatError } from '../../domain/list';
import { ListPage } from '../../ui/ListPage';
import { CUSTOMER_LIST, customerColumns } from './customerColumns';
import { CustomerStats } from './CustomerStats';

const failure = {
  log: 'Error fetching customers',
  text: 'Erreur lors de la récupération des clients',
  panel: (err: Error) =>
    err instanceof UnexpectedListFormatError ? 'Unexpected response format' : 'Error fetching customers',
};

export function UserCustomersPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  return (
    <ListPage
      title="Liste des Clients"
      actions={<Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate(-1)} />}
      query={useUserCustomersQuery(userId ?? '')}
      failure={failure}
      stats={(rows, loading) => <CustomerStats customers={rows} loading={loading} />}
      empty={{
        icon: 'pi-users',
        title: 'Aucun client trouvé',
        text: "Cet utilisateur n'a pas encore de clients assignés",
      }}
      list={CUSTOMER_LIST}
      dataKey="customerId"
      className="cust-table"
    >
      {customerColumns()}
    </ListPage>
  );
}
