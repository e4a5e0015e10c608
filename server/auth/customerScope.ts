// Which customers a user reaches: a Vendeur his own, Manager and Directeur their company's, Admin all.
import { eq, type SQL, sql } from 'drizzle-orm';

import { customers } from '../db/schema';
import type { SessionUser } from './session';

export function customerReach(user: SessionUser): SQL {
  if (user.isAdmin) return sql`true`;
  if (user.role === 'Manager' || user.role === 'Directeur') return eq(customers.entrepriseId, user.entrepriseId);
  return eq(customers.userId, user.userId);
}
