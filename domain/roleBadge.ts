// Role badge colours (docs/product.md §2.6): Admin red, Vendeur violet, Manager blue, Directeur orange, others grey.
export type RoleColour = 'red' | 'violet' | 'blue' | 'orange' | 'grey';

const COLOURS: Record<string, RoleColour> = { Admin: 'red', Vendeur: 'violet', Manager: 'blue', Directeur: 'orange' };

export function roleColour(role?: string | null): RoleColour {
  return COLOURS[(role ?? '').trim()] ?? 'grey';
}

/** The CSS class of a role badge. */
export const roleBadgeClass = (role?: string | null) => `role-badge role-${roleColour(role)}`;
