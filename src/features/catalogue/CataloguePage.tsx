// /catalogue: 'Ajouter Nuancier' (sets the company's dateValidCatalogue to today), 'Créer un produit',
// 'Gestion des catégories', and the sections Catégories, Modèles, Couleurs loaded on first opening.
import './catalogue.css';

import { useAtomValue } from 'jotai';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { formatDate } from '#domain/format';
import { can } from '#domain/permissions';

import { useCatalogueEntrepriseQuery, useValidateCatalogueMutation } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { currentUserAtom } from '../auth/atoms';
import { CategoriesSection, CouleursSection, ModelsSection } from './CatalogueSections';

/** Today as a date only (YYYY-MM-DD), in the user's time zone. */
export const todayDate = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
const frDate = (iso: string) => formatDate(new Date(`${iso}T00:00:00`));

const NO_COMPANY = 'User company ID is not available';

const SECTIONS = [
  { title: 'Catégories', Body: CategoriesSection },
  { title: 'Modèles', Body: ModelsSection },
  { title: 'Couleurs', Body: CouleursSection },
];

export function CataloguePage() {
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const entrepriseId = user?.entrepriseId ?? null;
  const entrepriseQuery = useCatalogueEntrepriseQuery(entrepriseId);
  const entreprise = entrepriseQuery.data ?? null;
  const validation = useValidateCatalogueMutation();
  const error = entrepriseId === null ? NO_COMPANY : entrepriseQuery.isError ? 'Error fetching entreprise' : null;
  useEffect(() => {
    if (entrepriseId === null) console.error(NO_COMPANY);
  }, [entrepriseId]);
  useLoggedError(entrepriseQuery.error, 'Error fetching entreprise');
  const [active, setActive] = useState<number[]>([]);
  const [opened, setOpened] = useState<Set<number>>(new Set());

  async function validateCatalogue() {
    if (!entreprise) {
      notifyError(entrepriseId === null ? NO_COMPANY : 'Error validating catalogue');
      return;
    }
    try {
      const updated = await validation.mutateAsync({
        nomEntreprise: entreprise.nomEntreprise,
        entrepriseId: entreprise.entrepriseId,
        dateValidCatalogue: todayDate(),
      });
      notifySuccess(`Catalogue validé le ${frDate(updated.dateValidCatalogue ?? todayDate())}`);
    } catch (err) {
      console.error('Error validating catalogue', err);
      notifyError('Error validating catalogue', err);
    }
  }

  return (
    <section>
      <ConfirmDialog />
      <PageTitle
        actions={
          <>
            {can(user?.role, 'entreprise.settings') && (
              <Button
                label="Ajouter Nuancier"
                icon="pi pi-palette"
                onClick={validateCatalogue}
                loading={validation.isPending}
              />
            )}
            <Button label="Créer un produit" icon="pi pi-plus" outlined onClick={() => navigate('/products')} />
            {can(user?.role, 'catalogue.structure') && (
              <Button
                label="Gestion des catégories"
                icon="pi pi-sitemap"
                outlined
                onClick={() => navigate('/creer-categorie')}
              />
            )}
            {/* Every role reads it; the viewer settings on it are changed by Admin and Directeur only. */}
            <Button label="Intégration" icon="pi pi-code" outlined onClick={() => navigate('/integration')} />
          </>
        }
      >
        Catalogue
      </PageTitle>
      {error && <Message severity="error" text={error} className="catalogue-status" />}
      {entreprise && (
        <p className="muted catalogue-status">
          {entreprise.nomEntreprise} ·{' '}
          {entreprise.dateValidCatalogue
            ? `catalogue validé le ${frDate(entreprise.dateValidCatalogue)}`
            : 'catalogue pas encore validé'}
        </p>
      )}
      <Accordion
        multiple
        activeIndex={active}
        onTabChange={(e) => {
          const list = Array.isArray(e.index) ? e.index : [e.index];
          setActive(list);
          setOpened((o) => new Set([...o, ...list]));
        }}
      >
        {SECTIONS.map(({ title, Body }, i) => (
          <AccordionTab key={title} header={title}>
            {opened.has(i) ? <Body /> : null}
          </AccordionTab>
        ))}
      </Accordion>
    </section>
  );
}
