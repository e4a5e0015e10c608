// /subdivision?groupId=: 'Oui' -> /sousdiv, 'Non' stores the default sub-options -> /options (docs/product.md §2.2.8).
import './catalogue.css';

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { DEFAULT_SOUS_OPTIONS } from '#domain/option';

import { useCreateSousOptionsMutation } from '../../api/queries/catalogue';
import { PageTitle } from '../../ui/PageTitle';
import { MissingGroup, useGroupId } from './useGroupId';

export function SubdivisionQuestionPage() {
  const groupId = useGroupId();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const createSousOptions = useCreateSousOptionsMutation();
  const [error, setError] = useState<string | null>(null);

  if (groupId === null) return <MissingGroup />;

  async function answerNo() {
    setSaving(true);
    setError(null);
    try {
      // One request: a retry after a failure cannot store the defaults twice.
      const form = new FormData();
      form.append('IdModel', String(groupId));
      form.append(
        'Rows',
        JSON.stringify(DEFAULT_SOUS_OPTIONS.map((d) => ({ SousNom: d.sousNom, Tailles: d.tailles }))),
      );
      await createSousOptions.mutateAsync(form);
      void navigate(`/options?groupId=${groupId}`);
    } catch (err) {
      console.error('Erreur lors de l’enregistrement des sous-options par défaut', err);
      setError(`Erreur: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <PageTitle>Subdivisions</PageTitle>
      <div className="card">
        <p className="subdivision-question">Votre modèle a-t-il des subdivisions ?</p>
        <div className="catalogue-actions">
          <Button
            label="Oui"
            icon="pi pi-check"
            onClick={() => navigate(`/sousdiv?groupId=${groupId}`)}
            disabled={saving}
          />
          <Button label="Non" icon="pi pi-times" outlined onClick={answerNo} loading={saving} />
        </div>
        {error && <Message severity="error" text={error} className="catalogue-status" />}
        <details className="explanation">
          <summary>Qu'est-ce qu'une subdivision ?</summary>
          <p>
            Une subdivision est une partie de votre modèle que le client peut choisir séparément : par exemple la taille
            d'un lampadaire (petit, grand) ou les éléments d'un canapé modulable. Chaque subdivision a un nom, une icône
            et les tailles qu'elle concerne.
          </p>
          <p>Si vous répondez « Non », une subdivision unique « Standard » est créée pour toutes les tailles.</p>
        </details>
      </div>
    </section>
  );
}
