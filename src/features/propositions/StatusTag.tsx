import './propositions.css';

import { Tag } from 'primereact/tag';

import { statusStyle } from '#domain/proposition';

/** The status badge: none (grey), pending (warning), sent (success), viewed (primary). */
export function StatusTag({ label }: { label: string }) {
  const style = statusStyle(label);
  return <Tag className={`prop-status prop-status-${style}`} value={label} data-status={style} />;
}
