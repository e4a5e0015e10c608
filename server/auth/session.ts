// Loads the user a request acts as, and decides whether the account may be used at all.
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';

import { ADMIN_ROLE } from '../../src/domain/auth';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { entreprises, licences, roles, users } from '../db/schema';

export interface SessionUser {
  userId: number;
  entrepriseId: number;
  role: string;
  isAdmin: boolean;
  nom: string;
  prenom: string;
  mail: string;
  isActive: boolean;
  tokenVersion: number;
  nomEntreprise: string;
}

const sessionUserFields = {
  userId: users.userId,
  entrepriseId: users.entrepriseId,
  role: roles.nomRole,
  nom: users.nom,
  prenom: users.prenom,
  mail: users.mail,
  isActive: users.isActive,
  tokenVersion: users.tokenVersion,
  passwordHash: users.passwordHash,
  nomEntreprise: entreprises.nomEntreprise,
};

const selectSessionUser = (db: Db) =>
  db
    .select(sessionUserFields)
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .innerJoin(entreprises, eq(entreprises.entrepriseId, users.entrepriseId));

/** By id: read on every authenticated call, so prepared once. */
const sessionUserById = preparedPerDatabase((db) =>
  selectSessionUser(db)
    .where(eq(users.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('session_user_by_id'),
);

export async function loadSessionUser(db: Db, where: { userId: number } | { mail: string }) {
  const rows =
    'userId' in where
      ? await sessionUserById(db).execute({ userId: where.userId })
      : await selectSessionUser(db).where(eq(users.mail, where.mail.toLowerCase())).limit(1);
  const row = rows[0];
  if (!row) return null;
  return { ...row, isAdmin: row.role === ADMIN_ROLE };
}

/** A licence is in force when its activation date has passed and its expiry has not. */
export async function hasLicenceInForce(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(licences)
    .where(
      and(
        eq(licences.userId, userId),
        lte(licences.dateActivation, now),
        or(isNull(licences.dateExpiration), gt(licences.dateExpiration, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Why an account may not be used, or null: a disabled user, or a non-Admin without a licence in force. */
export async function accountRefusal(db: Db, user: { userId: number; isActive: boolean; isAdmin: boolean }) {
  if (!user.isActive) return 'Utilisateur désactivé';
  if (!user.isAdmin && !(await hasLicenceInForce(db, user.userId))) return 'Licence non activée';
  return null;
}
