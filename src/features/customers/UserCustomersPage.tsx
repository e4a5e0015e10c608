// /users/{userId}/customers (docs/product.md §2.2.5): 'Liste des Clients', back button, three cards, the table
// (Client, Email, Date de création, Propositions), its loading state, and the empty state.
import './customers.css';

import { Button } from 'primereact/button';
import { useNavigate, useParams } from 'react-router-dom';

import { UnexpectedListFormatError } from '#domain/list';

import { useUserCustomersQuery } from '../../api/queries/customers';
import { CustomerListPage } from './CustomerListPage';

/** The original screen's words for a failed load. */
const panel = (err: Error) =>
  err instanceof UnexpectedListFormatError ? 'Unexpected response format' : 'Error fetching customers';

export function UserCustomersPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  return (
    <CustomerListPage
      title="Liste des Clients"
      actions={<Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate(-1)} />}
      query={useUserCustomersQuery(userId ?? '')}
      panel={panel}
      empty="Cet utilisateur n'a pas encore de clients assignés"
    />
  );
}
