// Loads the user a request acts as, and decides whether the account may be used at all.
import { eq } from 'drizzle-orm';

import { ADMIN_ROLE } from '#domain/auth';

import type { Db } from '../db/client';
import { entreprises, roles, users } from '../db/schema';
import { readStatement } from '../db/statements';

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

/** By id: read on every authenticated call, so a named statement (server/db/statements.ts). */
const sessionUserById = readStatement<SessionUserRow>(
  'session_user_by_id',
  `select u.user_id as "userId", u.entreprise_id as "entrepriseId", r.nom_role as "role", u.nom as "nom",
     u.prenom as "prenom", u.mail as "mail", u.is_active as "isActive", u.token_version as "tokenVersion",
     u.password_hash as "passwordHash", e.nom_entreprise as "nomEntreprise"
   from users u join roles r on r.role_id = u.role_id join entreprises e on e.entreprise_id = u.entreprise_id
   where u.user_id = $1::int limit 1`,
);

type SessionUserRow = Omit<SessionUser, 'isAdmin'> & { passwordHash: string };

export async function loadSessionUser(db: Db, where: { userId: number } | { mail: string }) {
  const rows: SessionUserRow[] =
    'userId' in where
      ? await sessionUserById(db, [where.userId])
      : await selectSessionUser(db).where(eq(users.mail, where.mail.toLowerCase())).limit(1);
  const row = rows[0];
  if (!row) return null;
  return { ...row, isAdmin: row.role === ADMIN_ROLE };
}

/** Read on every call of a user who is not Admin, so a named statement too. */
const licenceInForce = readStatement<{ one: number }>(
  'licence_in_force',
  `select 1 as "one" from licences
   where user_id = $1::int and date_activation <= $2::timestamptz
     and (date_expiration is null or date_expiration > $2::timestamptz)
   limit 1`,
);

/** A licence is in force when its activation date has passed and its expiry has not. */
export async function hasLicenceInForce(db: Db, userId: number, now = new Date()): Promise<boolean> {
  return (await licenceInForce(db, [userId, now.toISOString()])).length > 0;
}

/** Why an account may not be used, or null: a disabled user, or a non-Admin without a licence in force. */
export async function accountRefusal(db: Db, user: { userId: number; isActive: boolean; isAdmin: boolean }) {
  if (!user.isActive) return 'Utilisateur désactivé';
  if (!user.isAdmin && !(await hasLicenceInForce(db, user.userId))) return 'Licence non activée';
  return null;
}
