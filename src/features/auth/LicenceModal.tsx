import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

import { PROVIDER } from '../../ui/brand';

/** "Activation de la licence": opened when login fails for licence reasons (docs/product.md §1.2). */
export function LicenceModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Dialog
      header="Activation de la licence"
      visible={visible}
      onHide={onClose}
      modal
      style={{ width: 'min(32rem, 92vw)' }}
      footer={<Button label="Fermer" onClick={onClose} autoFocus />}
    >
      <p>Votre licence n'est pas activé. {PROVIDER} contrôle actuellement les informations que vous avez transmis.</p>
    </Dialog>
  );
}
