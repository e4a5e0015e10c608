// The role names (docs/permissions.md). No zod here: the dashboard tests the Admin role at its first
// paint, and zod stays out of its first load (docs/performance.md).

/** The role the client tests: only Admin is special (docs/product.md §2.6). */
export const ADMIN_ROLE = 'Admin';
export const ROLE_NAMES = ['Admin', 'Directeur', 'Manager', 'Vendeur'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
