// One product's embed code, as the company pastes it, and the viewer it shows, live, in an <iframe> of the
// back-office. The viewer lets its own origin frame it ('self' in frame-ancestors, server/http/viewer.ts)
// and the back-office's CSP frames its own origin (default-src 'self', server/http/security.ts); the
// preview's `?apercu` counts no visit (src/viewer/main.ts).
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useRef } from 'react';

import type { GroupeModel } from '#domain/product';

import { embedCode, previewUrl } from './embedCode';
import { EmbedCodeButton } from './EmbedCodeButton';

export function EmbedPreview({ product }: { product: GroupeModel }) {
  const codeId = `embed-code-${product.idGroupeModel}`;
  const title = useRef<HTMLHeadingElement>(null);
  // Shown by a click on "Aperçu", below the table: the focus (and the view) goes to it. model-viewer also
  // loads its model only once it is in view.
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="embed-preview">
      <h3 className="integration-subtitle" ref={title} tabIndex={-1}>
        Aperçu : {product.nomGroupeModel}
      </h3>
      <label htmlFor={codeId} className="field-label">
        Code d’intégration à coller dans votre site
      </label>
      <InputTextarea
        id={codeId}
        className="embed-code"
        readOnly
        rows={4}
        value={embedCode(product.publicKey, product.nomGroupeModel)}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="catalogue-actions">
        <EmbedCodeButton
          publicKey={product.publicKey}
          nom={product.nomGroupeModel}
          entrepriseId={product.entrepriseId}
        />
      </div>
      <iframe
        className="embed-frame"
        src={previewUrl(product.publicKey)}
        title={`Aperçu de la visionneuse 3D : ${product.nomGroupeModel}`}
        allow="xr-spatial-tracking; fullscreen"
      />
    </div>
  );
}
