// Who may do what, and whose data a user reaches: the one access module of the server
// (docs/architecture.md, "Server idioms"). Roles are decided by the table of domain/permissions.ts
// only; reach is decided here: a Vendeur reaches his own records, Manager and Directeur their whole
// company's, an Admin (provider staff) every company's. Out of reach answers 404 like a missing record
// (no existence leak); a refused action answers 403.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import { type Action, can } from '#domain/permissions';

import type { Db } from '../db/client';
import { customers, entreprises, groupeModels, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import type { SessionUser } from './session';

/**
 * A route's preHandler: a role the table does not allow `action` answers a logged 403 with `detail`,
 * whatever the screens hide. It runs after the guard and the schema validation, before the handler.
 */
export function requirePermission(action: Action, detail?: string) {
  const check = async (request: FastifyRequest): Promise<void> => {
    if (can(request.user?.role, action)) return;
    refuse(request, action, detail);
  };
  // Read by the API document, which names the roles from the same table (server/http/openapi/transform.ts).
  return Object.assign(check, { permission: action });
}

/** The same refusal inside a handler, for an action that depends on the payload (a field sent). */
export function demandPermission(request: FastifyRequest, action: Action, detail?: string): void {
  if (!can(request.user?.role, action)) refuse(request, action, detail);
}

function refuse(request: FastifyRequest, action: Action, detail: string | undefined): never {
  request.log.warn({ event: 'authz.refused', reason: action, userId: request.user?.userId, url: request.url });
  throw forbidden(detail);
}

/** Manager and Directeur see their whole company, not only their own records. */
export function seesWholeCompany(user: Pick<SessionUser, 'role'>): boolean {
  return user.role === 'Manager' || user.role === 'Directeur';
}

/** Whether the user reaches data of this company (Admin: every company). */
export function reachesCompany(user: SessionUser, entrepriseId: number): boolean {
  return user.isAdmin || user.entrepriseId === entrepriseId;
}

/** Whether the user reaches the records (customers, propositions) owned by `owner`. */
export function reachesRecordsOf(user: SessionUser, owner: { userId: number; entrepriseId: number }): boolean {
  return (
    user.isAdmin || (seesWholeCompany(user) && owner.entrepriseId === user.entrepriseId) || user.userId === owner.userId
  );
}

/** The customers the user reaches, as a condition on `customers` (and so on their propositions). */
export function reachableCustomersWhere(user: SessionUser): SQL {
  if (user.isAdmin) return sql`true`;
  if (seesWholeCompany(user)) return eq(customers.entrepriseId, user.entrepriseId);
  return eq(customers.userId, user.userId);
}

/** The users the user reaches, as a condition on `users`: Admin all, others their own company's. */
export function reachableUsersWhere(user: SessionUser): SQL | undefined {
  return user.isAdmin ? undefined : eq(users.entrepriseId, user.entrepriseId);
}

/** A company the user reaches, by id; 404 otherwise (unknown or another company's). */
export async function reachableCompany(db: Db, user: SessionUser, id: number): Promise<number> {
  if (!reachesCompany(user, id)) throw notFound('Entreprise introuvable');
  const [row] = await db
    .select({ id: entreprises.entrepriseId })
    .from(entreprises)
    .where(eq(entreprises.entrepriseId, id))
    .limit(1);
  if (!row) throw notFound('Entreprise introuvable');
  return id;
}

/**
 * The company a call acts on: his own by default; an Admin (provider staff) may name another one (the
 * catalogue's ?entrepriseId= or payload's EntrepriseId). A non-Admin naming another company gets 404.
 */
export async function actingCompany(db: Db, user: SessionUser, requested?: number | null): Promise<number> {
  if (requested === undefined || requested === null || requested === user.entrepriseId) return user.entrepriseId;
  if (!user.isAdmin) throw notFound('Entreprise introuvable');
  return reachableCompany(db, user, requested);
}

/** A product (groupe_models row) of a company the user reaches; 404 otherwise. */
export async function reachableProduct(db: Db, user: SessionUser, id: number) {
  const [row] = await db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id)).limit(1);
  if (!row || !reachesCompany(user, row.entrepriseId)) throw notFound('Produit introuvable');
  return row;
}

/** A user whose records (his customer list) the user reaches; 404 otherwise. */
export async function reachableRecordsOwner(db: Db, user: SessionUser, userId: number): Promise<void> {
  const [target] = await db.select({ entrepriseId: users.entrepriseId }).from(users).where(eq(users.userId, userId));
  if (!target || !reachesRecordsOf(user, { userId, entrepriseId: target.entrepriseId }))
    throw notFound('Utilisateur introuvable');
}
