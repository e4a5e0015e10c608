import type { ReactNode } from 'react';

/** A title and a sentence where a list or a chart has nothing to show. */
export function EmptyState({
  title,
  text,
  icon = 'pi-inbox',
  action,
}: {
  title: string;
  text?: string;
  icon?: string;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state" role="status">
      <i className={`pi ${icon}`} aria-hidden="true" />
      <strong>{title}</strong>
      {text && <p>{text}</p>}
      {action}
    </div>
  );
}
