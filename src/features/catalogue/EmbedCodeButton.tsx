// "Copier le code d'intégration": copies the product's viewer <iframe> (docs/viewer.md) for the company's site.
import { Button } from 'primereact/button';

import { notifyError, notifySuccess } from '../../ui/toast';
import { copyText } from '../propositions/copyText';
import { embedCode } from './embedCode';

export function EmbedCodeButton({ publicKey, nom }: { publicKey: string; nom: string }) {
  const copy = async () => {
    try {
      await copyText(embedCode(publicKey, nom));
      notifySuccess("Code d'intégration copié");
    } catch {
      notifyError("Impossible de copier le code d'intégration");
    }
  };
  return (
    <Button
      type="button"
      icon="pi pi-code"
      label="Copier le code d'intégration"
      size="small"
      outlined
      onClick={() => void copy()}
    />
  );
}
