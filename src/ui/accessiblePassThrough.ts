// PrimeReact pass-through fixes for accessibility audits: the Dropdown's trigger is a div with
// role="button" and no name, its hidden native <select> (kept for forms) has no label of its own, an open
// dropdown puts aria-activedescendant on its root div (no role allows it there: axe aria-allowed-attr,
// critical), and its filter box has no label.
import type { PrimeReactPTOptions } from 'primereact/api';

export const accessiblePassThrough: PrimeReactPTOptions = {
  dropdown: {
    root: { 'aria-activedescendant': undefined },
    trigger: { 'aria-label': 'Afficher la liste' },
    select: { 'aria-hidden': true, 'aria-label': 'Liste' },
    filterInput: { 'aria-label': 'Rechercher dans la liste' },
  },
};
