// What the customer lists show and search (/customers, a user's customers, a proposition's customer): no
// zod here, so a list's first load does not build the forms' schemas (domain/customer.ts holds them;
// docs/performance.md, "No zod on the customers list's first load").
import type { Customer } from './customer';
import { formatDate } from './format';

/** Lower-cased, accents removed: the search of /customers ignores both. */
export function foldForSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Spec 2.2: the search matches nom, prenom or mail, case-insensitive (and accent-insensitive). */
export function matchesCustomerSearch(customer: Pick<Customer, 'nom' | 'prenom' | 'mail'>, query: string): boolean {
  const q = foldForSearch(query.trim());
  if (!q) return true;
  return [customer.nom, customer.prenom, customer.mail].some((field) => foldForSearch(field).includes(q));
}

/** The four cards of /customers (docs/product.md §2.2.2); the first three also serve /users/{id}/customers (docs/product.md §2.2.5). */
export function customerStats(list: ReadonlyArray<Pick<Customer, 'propositionCount'>>) {
  const totalPropositions = list.reduce((s, c) => s + (Number(c.propositionCount) || 0), 0);
  const active = list.filter((c) => (Number(c.propositionCount) || 0) > 0).length;
  return { totalClients: list.length, totalPropositions, active, withoutProposition: list.length - active };
}

/** The badge of a row: 'Aucune proposition', '1 proposition', 'n propositions'. */
export function propositionCountLabel(count: number): string {
  if (!count) return 'Aucune proposition';
  return count === 1 ? '1 proposition' : `${count} propositions`;
}

/** Dates in French format (docs/product.md §2.1). */
export function formatDateFr(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatDate(d);
}
