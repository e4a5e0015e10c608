// Whose data a user reaches: a Vendeur his own, Manager and Directeur their whole company's, Admin all.
// The one place of that rule: customers and propositions (customerReach) and a user's customer list
// (reachesOwnerOf) both read it.
import { eq, type SQL, sql } from 'drizzle-orm';

import { customers } from '../db/schema';
import type { SessionUser } from './session';

/** Manager and Directeur see their whole company, not only their own records. */
export function seesWholeCompany(user: Pick<SessionUser, 'role'>): boolean {
  return user.role === 'Manager' || user.role === 'Directeur';
}

/** Whether `user` reaches the records owned by `owner`. */
export function reachesOwnerOf(user: SessionUser, owner: { userId: number; entrepriseId: number }): boolean {
  return (
    user.isAdmin || (seesWholeCompany(user) && owner.entrepriseId === user.entrepriseId) || user.userId === owner.userId
  );
}

/** The customers `user` reaches, as a condition on `customers`. */
export function customerReach(user: SessionUser): SQL {
  if (user.isAdmin) return sql`true`;
  if (seesWholeCompany(user)) return eq(customers.entrepriseId, user.entrepriseId);
  return eq(customers.userId, user.userId);
}
