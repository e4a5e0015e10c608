// Why a listed user cannot sign in, as the user list marks it: a disabled account, or a non-Admin without
// a licence in force (the sign-in rule, server/auth/session.ts). Admins are provider staff: they need none.
import { ADMIN_ROLE } from '#domain/auth';

import type { User } from '../../api/users';

export type AccessMarker = { kind: 'disabled' | 'noLicence'; label: string };

export function accessMarkers(user: Pick<User, 'isActive' | 'nomRole' | 'licenceEnVigueur'>): AccessMarker[] {
  const markers: AccessMarker[] = [];
  if (!user.isActive) markers.push({ kind: 'disabled', label: 'Désactivé' });
  // undefined: a server that does not say (docs/api.md); nothing is claimed then.
  if (user.nomRole !== ADMIN_ROLE && user.licenceEnVigueur === false)
    markers.push({ kind: 'noLicence', label: 'Sans licence en vigueur' });
  return markers;
}
