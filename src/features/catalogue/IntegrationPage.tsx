// /integration, "Intégration" (docs/back-office.md): the sites allowed to embed the public viewer and the
// quote page (changed by the roles of 'entreprise.viewerSettings', read by the others; the server enforces
// it), a warning while no site is declared, and each product's embed code with a live preview.
// The user's own company, like the other catalogue screens (an Admin's is the provider's).
import './catalogue.css';

import { useAtomValue } from 'jotai';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';

import { can } from '#domain/permissions';

import { useCatalogueEntrepriseQuery, useGroupeModelsQuery } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { LoadError } from '../../ui/LoadError';
import { PageTitle } from '../../ui/PageTitle';
import { currentUserAtom } from '../auth/atoms';
import { EmbedCodes } from './EmbedCodes';
import { ViewerSettingsForm } from './ViewerSettingsForm';
import { ViewerSettingsView } from './ViewerSettingsView';

const NO_SITE_WARNING =
  'Aucun site déclaré : les navigateurs refuseront d’afficher le code d’intégration sur votre site. Ajoutez ci-dessous chaque site qui l’intègre.';

export function IntegrationPage() {
  const user = useAtomValue(currentUserAtom);
  const entrepriseId = user?.entrepriseId ?? null;
  const entrepriseQuery = useCatalogueEntrepriseQuery(entrepriseId);
  const productsQuery = useGroupeModelsQuery();
  useLoggedError(entrepriseQuery.error, "Erreur lors de la récupération des réglages d'intégration");
  useLoggedError(productsQuery.error, 'Erreur lors de la récupération des produits');
  const entreprise = entrepriseQuery.data;
  const edits = can(user?.role, 'entreprise.viewerSettings');

  let body;
  if (entrepriseId === null)
    body = <Message severity="error" text="Aucune entreprise n’est associée à votre compte." />;
  else if (entrepriseQuery.isError)
    body = (
      <LoadError
        text="Les réglages d’intégration n’ont pas pu être chargés."
        onRetry={() => void entrepriseQuery.refetch()}
      />
    );
  // One spinner until both reads are in: the page then appears whole, nothing moves under the reader.
  else if (!entreprise || productsQuery.isPending)
    body = <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Chargement de l’intégration" />;
  else
    body = (
      <>
        {(entreprise.frameOrigins ?? []).length === 0 && (
          <Message severity="warn" text={NO_SITE_WARNING} className="integration-warning" />
        )}
        <section className="card" aria-labelledby="integration-sites-title">
          <h2 id="integration-sites-title">Sites et demande de devis</h2>
          {edits ? (
            <ViewerSettingsForm key={entreprise.entrepriseId} entreprise={entreprise} />
          ) : (
            <ViewerSettingsView entreprise={entreprise} />
          )}
        </section>
        <section className="card" aria-labelledby="integration-codes-title">
          <h2 id="integration-codes-title">Codes d’intégration</h2>
          {productsQuery.isError ? (
            <LoadError text="Les produits n’ont pas pu être chargés." onRetry={() => void productsQuery.refetch()} />
          ) : (
            <EmbedCodes products={productsQuery.data ?? []} />
          )}
        </section>
      </>
    );

  return (
    <section>
      <PageTitle>Intégration</PageTitle>
      <p className="muted">
        Le code d’intégration affiche la visionneuse 3D d’un produit sur votre site ; les visites qu’elle reçoit
        arrivent dans le tableau de bord.
      </p>
      {body}
    </section>
  );
}
