// What the product form says about the FBX it converts (src/features/catalogue/useFbxConversion.ts): busy,
// done, or why it failed and what to do instead. A live region always present (empty while no FBX is
// picked), so a screen reader hears each change.
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';

import { formatSize } from './FilePicker';
import type { FbxConversion } from './useFbxConversion';

export function FbxConversionStatus({ state }: { state: FbxConversion }) {
  return (
    <div className={state.status === 'idle' ? undefined : 'field wide'} role="status" aria-live="polite">
      {state.status === 'converting' && (
        <span className="fbx-conversion">
          <ProgressSpinner style={{ width: '1.25rem', height: '1.25rem' }} strokeWidth="6" aria-hidden="true" />{' '}
          Conversion du modèle FBX…
        </span>
      )}
      {state.status === 'done' && (
        <span className="field-hint">
          Modèle FBX converti en GLB ({formatSize(state.glb.size)}) pour la visionneuse ; le fichier FBX est conservé.
        </span>
      )}
      {state.status === 'failed' && (
        <Message
          severity="error"
          text={`${state.message} Choisissez un autre fichier, ou exportez le modèle en GLB (glTF binaire) depuis votre logiciel.`}
        />
      )}
    </div>
  );
}
