// The queries that read users; the user as the API answers it is domain/user.ts's userSchema.
import { and, asc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';

import { readsContactsOf } from '#domain/permissions';
import type { UserItem } from '#domain/user';

import { reachableUsersWhere } from '../auth/access';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { entreprises, licences, roles, users } from '../db/schema';
import { notFound } from '../http/errors';

/** Users matching `where` (all when absent), by company then name. Never the password hash. */
export async function selectUsers(db: Db, where?: SQL): Promise<UserItem[]> {
  const now = new Date();
  const inForce = db
    .select({ one: sql`1` })
    .from(licences)
    .where(
      and(
        eq(licences.userId, users.userId),
        lte(licences.dateActivation, now),
        or(isNull(licences.dateExpiration), gt(licences.dateExpiration, now)),
      ),
    );
  const rows = await db
    .select({
      userId: users.userId,
      nom: users.nom,
      prenom: users.prenom,
      mail: users.mail,
      mobile: users.mobile,
      fonction: users.fonction,
      roleId: users.roleId,
      nomRole: roles.nomRole,
      nomEntreprise: entreprises.nomEntreprise,
      entrepriseId: users.entrepriseId,
      createdAt: users.createdAt,
      managerId: users.managerId,
      isActive: users.isActive,
      licenceEnVigueur: sql<boolean>`exists (${inForce})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .innerJoin(entreprises, eq(entreprises.entrepriseId, users.entrepriseId))
    .where(where)
    .orderBy(asc(entreprises.nomEntreprise), asc(users.nom), asc(users.prenom));
  return rows.map((r) => ({
    ...r,
    role: r.nomRole,
    createdAt: r.createdAt.toISOString(),
    licenceEnVigueur: Boolean(r.licenceEnVigueur),
  }));
}

/** One user the session reaches, or 404 (another company's user does not exist for a non-Admin). */
export async function findReachableUser(db: Db, session: SessionUser, userId: number): Promise<UserItem> {
  const [row] = await selectUsers(db, and(eq(users.userId, userId), reachableUsersWhere(session)));
  if (!row) throw notFound('Utilisateur introuvable');
  return row;
}

/** A user as `reader` may see him: a Vendeur gets no colleague's mail nor mobile. */
export function asSeenBy(reader: SessionUser, user: UserItem): UserItem {
  return readsContactsOf(reader, user.userId) ? user : { ...user, mail: null, mobile: null };
}

/** True for PostgreSQL's unique violation, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export const MAIL_TAKEN = 'Cet email est déjà utilisé par un autre utilisateur.';
