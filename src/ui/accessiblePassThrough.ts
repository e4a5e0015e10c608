// PrimeReact pass-through fixes for accessibility audits: the Dropdown's trigger is a div with
// role="button" and no name, and its hidden native <select> (kept for forms) has no label of its own.
import type { PrimeReactPTOptions } from 'primereact/api';

export const accessiblePassThrough: PrimeReactPTOptions = {
  dropdown: {
    trigger: { 'aria-label': 'Afficher la liste' },
    select: { 'aria-hidden': true, 'aria-label': 'Liste' },
  },
};
