// The product group of the flow pages (?groupId=). A missing or invalid id is logged (as docs/product.md says)
// and also told to the user, with a way back to the catalogue.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

export function useGroupId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('groupId');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  useEffect(() => {
    if (id === null) console.error('groupId manquant ou invalide dans l’URL', raw);
  }, [id, raw]);
  return id;
}

export function MissingGroup({
  text = "Aucun produit n'est indiqué dans l'adresse de cette page (paramètre groupId manquant).",
}: {
  text?: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="card missing-group" role="alert">
      <Message severity="warn" text={text} />
      <p>Créez d'abord un produit, ou choisissez-en un depuis le catalogue.</p>
      <div className="catalogue-actions">
        <Button label="Retour au catalogue" icon="pi pi-arrow-left" onClick={() => navigate('/catalogue')} />
        <Button label="Créer un produit" icon="pi pi-plus" outlined onClick={() => navigate('/products')} />
      </div>
    </div>
  );
}
