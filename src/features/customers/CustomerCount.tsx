import { propositionCountLabel } from '#domain/customerList';

/** The proposition badge of a row: 'Aucune proposition', '1 proposition', 'n propositions'. */
export function CustomerCount({ count }: { count: number }) {
  return <span className={`cust-count${count ? '' : ' none'}`}>{propositionCountLabel(count)}</span>;
}
