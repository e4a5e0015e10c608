// /proposition/{id} (docs/product.md §2.2.6): the proposition's load, its failure, then PropositionView.
import './propositions.css';

import { useParams } from 'react-router-dom';

import { isPropositionId, usePropositionQuery } from '../../api/queries/propositions';
import { useLoggedError } from '../../api/queries/useLoggedError';
import { PropositionView } from './PropositionView';

const LOAD_ERROR = 'Erreur lors de la récupération des données';

export function PropositionPage() {
  const { id } = useParams();
  const { data, error } = usePropositionQuery(id);
  useLoggedError(error, LOAD_ERROR);

  if (!isPropositionId(id)) return <LoadFailed message="Impossible de trouver l'ID de la proposition." />;
  if (error) return <LoadFailed message={LOAD_ERROR} />;
  if (!data) return <p className="muted">Chargement de la proposition...</p>;
  return <PropositionView key={id} proposition={data} />;
}

function LoadFailed({ message }: { message: string }) {
  return (
    <div className="card prop-error" role="alert">
      <h2>Erreur</h2>
      <p>{message}</p>
    </div>
  );
}
