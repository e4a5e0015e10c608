// /customers/{id} (docs/product.md §2.2.3): contact data, the propositions (status, description, date; click opens
// one), edit, delete after confirmation, back; 'Client non trouvé' for an unknown or unreachable id.
import './customers.css';

import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import type { CustomerDetail } from '#domain/customer';
import { formatDateFr } from '#domain/customerList';
import { displayStatus } from '#domain/proposition';

import { useDeleteCustomerMutation, useForgetCustomer } from '../../api/queries/customers';
import { confirmDanger } from '../../ui/confirmDanger';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { StatusTag } from '../propositions/StatusTag';
import { CustomerNotFound } from './CustomerNotFound';
import { useCustomer } from './useCustomer';

export const DELETE_CUSTOMER_QUESTION =
  'Voulez-vous vraiment supprimer ce client ? Cela supprimera toutes les propositions ainsi que les vidéos associées.';
const DETAIL_ERROR = 'Erreur lors de la récupération des détails du client';

export function CustomerDetailPage() {
  const { id } = useParams();
  const load = useCustomer(id);
  const navigate = useNavigate();
  const del = useDeleteCustomerMutation();
  const forget = useForgetCustomer();

  useEffect(() => {
    if (load.state === 'error') notifyError(DETAIL_ERROR);
  }, [load.state]);

  if (load.state === 'loading')
    return (
      <div className="cust-loading">
        <ProgressSpinner aria-label="Chargement" />
      </div>
    );
  if (load.state === 'notFound') return <CustomerNotFound />;
  if (load.state === 'error') return <Message severity="error" text={DETAIL_ERROR} />;
  const c = load.customer;

  const remove = (customer: CustomerDetail) =>
    confirmDanger({
      message: DELETE_CUSTOMER_QUESTION,
      accept: async () => {
        try {
          await del.mutateAsync(customer.customerId);
          notifySuccess('Client supprimé avec succès !');
          void navigate('/customers');
          forget(customer.customerId);
        } catch (err) {
          console.error(err);
          notifyError('Erreur lors de la suppression du client.', err);
        }
      },
    });

  const address = [c.adress, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <section>
      <ConfirmDialog />
      <PageTitle
        actions={
          <>
            <Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate('/customers')} />
            <Button
              label="Modifier"
              icon="pi pi-pencil"
              outlined
              onClick={() => navigate(`/customers/edit/${c.customerId}`)}
            />
            <Button label="Supprimer" icon="pi pi-trash" severity="danger" outlined onClick={() => remove(c)} />
          </>
        }
      >
        {c.prenom} {c.nom}
      </PageTitle>
      <div className="card">
        <dl className="cust-info">
          <div>
            <dt>Email</dt>
            <dd>{c.mail}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{c.mobile || '—'}</dd>
          </div>
          <div>
            <dt>Adresse</dt>
            <dd>{address || '—'}</dd>
          </div>
          {c.compagny && (
            <div>
              <dt>Entreprise</dt>
              <dd>{c.compagny}</dd>
            </div>
          )}
          <div>
            <dt>Date de création</dt>
            <dd>{formatDateFr(c.createdAt)}</dd>
          </div>
          {c.commentaire && (
            <div>
              <dt>Commentaire</dt>
              <dd>{c.commentaire}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="card">
        <h2 className="cust-h2">Propositions ({c.propositions.length})</h2>
        {c.propositions.length === 0 ? (
          <p className="muted">Aucune proposition</p>
        ) : (
          <ul className="cust-props">
            {c.propositions.map((p) => (
              <li key={p.propositionId}>
                <button type="button" className="cust-prop" onClick={() => navigate(`/proposition/${p.propositionId}`)}>
                  <StatusTag label={displayStatus(p)} />
                  <span>{p.description || `Proposition n° ${p.propositionId}`}</span>
                  <small>{formatDateFr(p.dateCreation)}</small>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
