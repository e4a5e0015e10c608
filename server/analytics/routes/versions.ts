// GET /api/ProductStatistics/Entreprise/{id}/versions: the current ETag of every product's events in one
// answer, itself with an ETag and 304. A returning dashboard asks this once instead of one conditional
// request per product, then fetches only the products whose tag changed. An addition to the provider's
// contract (docs/api.md): a client of another server gets 404 here and revalidates product by product.
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { reachableCompany } from '../../auth/access';
import { groupeModels, productEventVersions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { idParams, notModified } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { matches } from '../eventAnswers';
import { eventTagger, versionsTag } from '../tags';

export const versionsSchema = z.object({
  entrepriseId: z.number().int(),
  products: z.array(
    z.object({
      productId: z.number().int(),
      /** ETag of GET /api/ProductStatistics/Product/{id} (the list of events). */
      etag: z.string(),
      /** ETag of the same call with ?format=columns. */
      columnsEtag: z.string(),
      /** ETag of ?format=columns answered in binary (Accept: application/vnd.visio3d.columns). */
      binaryEtag: z.string(),
    }),
  ),
});

const versionsRoutes: RoutePlugin = async (app, { db, secretFor }) => {
  const key = secretFor('event-tags');
  const eventTags = eventTagger(key);
  app.get(
    '/api/ProductStatistics/Entreprise/:entrepriseId/versions',
    {
      schema: {
        tags: ['Analytique'],
        description:
          "Addition au contrat : l'ETag courant des événements de chaque produit de l'entreprise, pour revalider en une requête.",
        params: idParams('entrepriseId'),
        response: { 200: versionsSchema, 304: notModified, ...problems(404) },
      },
    },
    async (request, reply) => {
      const entrepriseId = await reachableCompany(db, request.user, request.params.entrepriseId);
      const rows = await db
        .select({ productId: groupeModels.idGroupeModel, version: productEventVersions.version })
        .from(groupeModels)
        .leftJoin(productEventVersions, eq(productEventVersions.produitId, groupeModels.idGroupeModel))
        .where(eq(groupeModels.entrepriseId, entrepriseId))
        .orderBy(asc(groupeModels.idGroupeModel));
      const body = {
        entrepriseId,
        products: rows.map((r) => ({ productId: r.productId, ...eventTags(r.productId, r.version) })),
      };
      // Versions come from one database sequence, so the list of (product, version) pairs names this
      // answer exactly: a product added, removed or with new events changes the tag (keyed: ./tags.ts).
      const tag = versionsTag(key, entrepriseId, rows);
      reply.header('ETag', tag);
      if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send(undefined);
      return body;
    },
  );
};

export default versionsRoutes;
