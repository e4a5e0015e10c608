// /customers/edit/{id} (docs/product.md §2.2.4): nom, prénom, email, mobile, address, city, postal code, comment;
// cancel goes to /customers/{id}; success toast then the detail.
import './customers.css';

import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useNavigate, useParams } from 'react-router-dom';

import { type CustomerDetail, customerEditSchema } from '#domain/customer';

import { useUpdateCustomerMutation } from '../../api/queries/customers';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { CustomerForm, type FieldDef } from './CustomerForm';
import { CustomerNotFound } from './CustomerNotFound';
import { useCustomer } from './useCustomer';

const FIELDS: FieldDef[] = [
  { name: 'nom', label: 'Nom', autoComplete: 'family-name' },
  { name: 'prenom', label: 'Prénom', autoComplete: 'given-name' },
  { name: 'mail', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'mobile', label: 'Mobile', type: 'tel', autoComplete: 'tel' },
  { name: 'adress', label: 'Adresse', autoComplete: 'street-address' },
  { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Code postal', autoComplete: 'postal-code' },
  { name: 'commentaire', label: 'Commentaire', type: 'textarea', wide: true },
];

const valuesOf = (c: CustomerDetail) =>
  Object.fromEntries(
    FIELDS.map((f) => {
      const v: unknown = c[f.name as keyof CustomerDetail];
      return [f.name, typeof v === 'string' || typeof v === 'number' ? String(v) : ''];
    }),
  );

export function CustomerEditPage() {
  const { id } = useParams();
  const load = useCustomer(id);
  const navigate = useNavigate();
  const update = useUpdateCustomerMutation();

  if (load.state === 'loading')
    return (
      <div className="cust-loading">
        <ProgressSpinner aria-label="Chargement" />
      </div>
    );
  if (load.state === 'notFound') return <CustomerNotFound />;
  if (load.state === 'error')
    return <Message severity="error" text="Erreur lors de la récupération des détails du client" />;
  const c = load.customer;

  return (
    <section>
      <PageTitle>Modifier le client</PageTitle>
      <CustomerForm
        key={c.customerId}
        fields={FIELDS}
        initial={valuesOf(c)}
        schema={customerEditSchema}
        submitLabel="Enregistrer"
        onCancel={() => navigate(`/customers/${c.customerId}`)}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({ id: c.customerId, body: values });
          } catch (err) {
            console.error(err);
            notifyError('Erreur lors de la mise à jour du client.', err);
            throw err;
          }
          notifySuccess('Client mis à jour avec succès !');
        }}
        onSaved={() => void navigate(`/customers/${c.customerId}`)}
      />
    </section>
  );
}
