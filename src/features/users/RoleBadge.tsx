import { roleBadgeClass } from '#domain/roleBadge';

/** The role, coloured by role (docs/product.md §2.6). */
export function RoleBadge({ role }: { role?: string | null }) {
  return <span className={roleBadgeClass(role)}>{role || 'Utilisateur'}</span>;
}
