// A failed load looks like a failure, never like an empty list: the reason and "Réessayer" (plus any other
// way out the caller gives, e.g. "Se déconnecter").
import './serverDown.css';

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';

export function LoadError({ text, onRetry, children }: { text: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <div className="card load-error" role="alert">
      <Message severity="error" text={text} />
      <div className="load-error-actions">
        <Button label="Réessayer" icon="pi pi-refresh" onClick={onRetry} />
        {children}
      </div>
    </div>
  );
}
