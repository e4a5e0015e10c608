// Which company a catalogue call acts on. Everyone acts on his own company; an Admin (provider staff)
// may name another one (query ?entrepriseId= or the payload's EntrepriseId). A non-Admin naming another
// company, or an id of another company's record, gets 404 (no existence leak).
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { reachesEntreprise } from '../auth/guard';
import type { Db } from '../db/client';
import { entreprises, groupeModels } from '../db/schema';
import { notFound } from '../http/errors';
import { idNumber } from '../http/openapi/params';

/** ?entrepriseId= (Admin: another company's catalogue). */
export const companyQuery = z.object({ entrepriseId: idNumber.optional() });

export async function catalogueCompany(db: Db, request: FastifyRequest, requested?: number | null): Promise<number> {
  const user = request.user;
  if (requested === undefined || requested === null || requested === user.entrepriseId) return user.entrepriseId;
  if (!user.isAdmin) throw notFound('Entreprise introuvable');
  const [row] = await db
    .select({ id: entreprises.entrepriseId })
    .from(entreprises)
    .where(eq(entreprises.entrepriseId, requested));
  if (!row) throw notFound('Entreprise introuvable');
  return row.id;
}

/** The product group with this id, if the user reaches its company; 404 otherwise. */
export async function reachableGroupe(db: Db, request: FastifyRequest, id: number) {
  const [row] = await db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id));
  if (!row || !reachesEntreprise(request.user, row.entrepriseId)) throw notFound('Produit introuvable');
  return row;
}

export const toNumber = (v: string | null) => (v === null ? null : Number(v));
