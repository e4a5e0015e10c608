import type { ReactNode } from 'react';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{children}</h1>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
