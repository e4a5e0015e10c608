import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';

import { EmptyState } from '../../ui/EmptyState';

export function CustomerNotFound() {
  const navigate = useNavigate();
  return (
    <div className="card">
      <EmptyState
        icon="pi-user-minus"
        title="Client non trouvé"
        text="Aucun client trouvé avec cet identifiant."
        action={
          <Button label="Retour à la liste" icon="pi pi-arrow-left" text onClick={() => navigate('/customers')} />
        }
      />
    </div>
  );
}
