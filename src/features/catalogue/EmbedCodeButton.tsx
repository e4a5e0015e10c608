// "Copier le code d'intégration": copies the product's viewer <iframe> (docs/viewer.md) for the company's site.
// Browsers refuse the frame on any site the company has not declared (frame-ancestors, server/http/viewer.ts):
// when none is, the toast says where to declare it.
import { Button } from 'primereact/button';

import { useEntrepriseReader } from '../../api/queries/catalogue';
import { notify, notifyError, notifySuccess } from '../../ui/toast';
import { copyText } from '../propositions/copyText';
import { CODE_COPIED, CODE_COPIED_NO_SITE, embedCode } from './embedCode';

interface Props {
  publicKey: string;
  nom: string;
  /** The product's company, whose declared sites the toast checks. */
  entrepriseId: number;
  /** Where several products' buttons sit together (a table): a name saying which product. */
  ariaLabel?: string;
}

export function EmbedCodeButton({ publicKey, nom, entrepriseId, ariaLabel }: Props) {
  const readEntreprise = useEntrepriseReader();
  const copy = async () => {
    try {
      // First, inside the click: the clipboard needs the user's gesture.
      await copyText(embedCode(publicKey, nom));
    } catch {
      notifyError("Impossible de copier le code d'intégration");
      return;
    }
    const sites = await readEntreprise(entrepriseId).then(
      (e) => e.frameOrigins,
      () => undefined, // unknown: the copy itself succeeded
    );
    if (sites && sites.length === 0)
      notify({ severity: 'warn', summary: 'Code copié', detail: CODE_COPIED_NO_SITE, life: 10_000 });
    else notifySuccess(CODE_COPIED);
  };
  return (
    <Button
      type="button"
      icon="pi pi-code"
      label="Copier le code d'intégration"
      aria-label={ariaLabel}
      size="small"
      outlined
      onClick={() => void copy()}
    />
  );
}
