// /customers/create (docs/product.md §2.2.4): nom, prénom, email, mobile, company, address, city, postal code,
// function/comment; cancel goes back one page; success toast then the list.
import './customers.css';

import { useNavigate } from 'react-router-dom';

import { customerCreateSchema } from '#domain/customer';

import { useCreateCustomerMutation } from '../../api/queries/customers';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { CustomerForm, type FieldDef } from './CustomerForm';

const FIELDS: FieldDef[] = [
  { name: 'nom', label: 'Nom', autoComplete: 'family-name' },
  { name: 'prenom', label: 'Prénom', autoComplete: 'given-name' },
  { name: 'mail', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'mobile', label: 'Mobile', type: 'tel', autoComplete: 'tel' },
  { name: 'compagny', label: "Nom de l'entreprise", autoComplete: 'organization' },
  { name: 'adress', label: 'Adresse', autoComplete: 'street-address' },
  { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Code postal', autoComplete: 'postal-code' },
  { name: 'commentaire', label: 'Fonction / Commentaire', type: 'textarea', wide: true },
];
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.name, '']));

export function CustomerCreatePage() {
  const navigate = useNavigate();
  const create = useCreateCustomerMutation();
  return (
    <section>
      <PageTitle>Nouveau client</PageTitle>
      <CustomerForm
        fields={FIELDS}
        initial={EMPTY}
        schema={customerCreateSchema}
        submitLabel="Ajouter le client"
        onCancel={() => navigate(-1)}
        onSubmit={async (values) => {
          try {
            await create.mutateAsync({ ...values, createdAt: new Date().toISOString() });
          } catch (err) {
            console.error(err);
            notifyError("Erreur lors de l'ajout du client.", err);
            throw err;
          }
          notifySuccess('Client ajouté avec succès !');
        }}
        onSaved={() => void navigate('/customers')}
      />
    </section>
  );
}
