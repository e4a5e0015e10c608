import { roleBadgeClass } from '../../domain/roleBadge';

/** The role, coloured by role (spec 2 section 6). */
export function RoleBadge({ role }: { role?: string | null }) {
  return <span className={roleBadgeClass(role)}>{role || 'Utilisateur'}</span>;
}
