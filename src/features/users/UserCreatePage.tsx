// /UserCreateFormulaire and the original contract's literal odd path (docs/product.md §2.2.14): choose a company or create one,
// then the user form for it. Only an Admin creates users (the server refuses the others anyway).
import '../../ui/forms.css';
import './users.css';

import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { ADMIN_ROLE } from '#domain/auth';

import type { Entreprise } from '../../api/entreprises';
import { useEntreprisesQuery } from '../../api/queries/entreprises';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { PageTitle } from '../../ui/PageTitle';
import { currentUserAtom } from '../auth/atoms';
import { EntrepriseForm } from './EntrepriseForm';
import { UserCreateForm } from './UserCreateForm';

const NEW_ENTREPRISE = -1;
const NO_ENTREPRISES: Entreprise[] = [];

export function UserCreatePage() {
  const me = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const entreprisesQuery = useEntreprisesQuery();
  const entreprises = entreprisesQuery.data ?? NO_ENTREPRISES;
  useLoggedError(entreprisesQuery.error, 'Error fetching entreprises');
  const [choice, setChoice] = useState<number | null>(null);

  const back = <Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate('/users')} />;
  if (me?.role !== ADMIN_ROLE) {
    return (
      <section>
        <PageTitle actions={back}>Créer un utilisateur</PageTitle>
        <Message severity="warn" text="Seul un administrateur peut créer un utilisateur." />
      </section>
    );
  }

  const options = [
    ...entreprises.map((e) => ({ label: e.nomEntreprise, value: e.entrepriseId })),
    { label: 'Créer une nouvelle entreprise', value: NEW_ENTREPRISE },
  ];

  return (
    <section>
      <PageTitle actions={back}>Créer un utilisateur</PageTitle>
      <div className="card">
        <h2>Entreprise</h2>
        <div className="form-field">
          <label htmlFor="entreprise">Entreprise</label>
          <Dropdown
            inputId="entreprise"
            value={choice}
            options={options}
            onChange={(e) => setChoice(e.value as number | null)}
            placeholder="Choisir une entreprise"
            filter
            emptyFilterMessage="Aucune entreprise trouvée"
          />
        </div>
      </div>
      {choice === NEW_ENTREPRISE && <EntrepriseForm onCreated={(created) => setChoice(created.entrepriseId)} />}
      {choice !== null && choice !== NEW_ENTREPRISE && <UserCreateForm key={choice} entrepriseId={choice} />}
    </section>
  );
}
