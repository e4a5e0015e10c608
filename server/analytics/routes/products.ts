// GET /api/Produit/Entreprise/{id}: the company's products, i.e. its catalogue product groups.
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { dotnetList } from '#domain/list';

import { reachableCompany } from '../../auth/access';
import { groupeModels } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { listResponse } from '../../http/listSchema';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';

export const productSchema = z.object({
  produitId: z.number(),
  nomProduit: z.string(),
  entrepriseId: z.number(),
  refPrimaire: z.string().nullable(),
  /** The product's viewer key (docs/viewer.md): only its own company (or an Admin) reaches this list. */
  publicKey: z.string(),
});

const productsRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Produit/Entreprise/:id',
    {
      schema: {
        tags: ['Analytique'],
        params: idParams('id'),
        response: { 200: listResponse(productSchema), ...problems(404) },
      },
    },
    async (request) => {
      const entrepriseId = await reachableCompany(db, request.user, request.params.id);
      const rows = await db
        .select({
          produitId: groupeModels.idGroupeModel,
          nomProduit: groupeModels.nomGroupeModel,
          entrepriseId: groupeModels.entrepriseId,
          refPrimaire: groupeModels.refPrimaire,
          publicKey: groupeModels.publicKey,
        })
        .from(groupeModels)
        .where(eq(groupeModels.entrepriseId, entrepriseId))
        .orderBy(asc(groupeModels.nomGroupeModel), asc(groupeModels.idGroupeModel));
      return dotnetList(rows);
    },
  );
};

export default productsRoutes;
