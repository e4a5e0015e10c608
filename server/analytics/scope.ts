// Which products and companies a user reaches for analytics: Admin every one, others their own company.
// Anything else answers 404, exactly like an unknown id (no existence leak); a non-numeric id answers 400
// from the route's params schema before these run.
import { eq } from 'drizzle-orm';

import { reachesEntreprise } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { entreprises, groupeModels } from '../db/schema';
import { notFound } from '../http/errors';

export async function reachableProduct(db: Db, user: SessionUser, id: number): Promise<number> {
  const [row] = await db
    .select({ entrepriseId: groupeModels.entrepriseId })
    .from(groupeModels)
    .where(eq(groupeModels.idGroupeModel, id))
    .limit(1);
  if (!row || !reachesEntreprise(user, row.entrepriseId)) throw notFound('Produit introuvable');
  return id;
}

export async function reachableEntreprise(db: Db, user: SessionUser, id: number): Promise<number> {
  if (!reachesEntreprise(user, id)) throw notFound('Entreprise introuvable');
  const [row] = await db
    .select({ id: entreprises.entrepriseId })
    .from(entreprises)
    .where(eq(entreprises.entrepriseId, id))
    .limit(1);
  if (!row) throw notFound('Entreprise introuvable');
  return id;
}
