// GET/POST /api/Couleur: the company's colours; a palette (nuancier) is the colours sharing its name.
import { asc, eq } from 'drizzle-orm';

import { dotnetList } from '#domain/list';
import { couleurPayloadSchema, couleurSchema } from '#domain/option';

import { actingCompany, reachableProduct } from '../../auth/access';
import { couleurs } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { listResponse } from '../../http/listSchema';
import { problems } from '../../http/openapi/problem';
import { companyQuery } from '../scope';

const toCouleur = (c: typeof couleurs.$inferSelect) => ({
  id: c.id,
  nom: c.nomCouleur,
  nomCouleur: c.nomCouleur,
  description: c.description,
  valeur: c.valeur,
  nuancier: c.nuancier,
  idGroupeModel: c.idGroupeModel,
});

const couleurRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Couleur',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: companyQuery,
        response: { 200: listResponse(couleurSchema), ...problems(404) },
      },
    },
    async (request) => {
      const entrepriseId = await actingCompany(db, request.user, request.query.entrepriseId);
      const rows = await db
        .select()
        .from(couleurs)
        .where(eq(couleurs.entrepriseId, entrepriseId))
        .orderBy(asc(couleurs.nuancier), asc(couleurs.id));
      return dotnetList(rows.map(toCouleur));
    },
  );

  app.post(
    '/api/Couleur',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: companyQuery,
        body: couleurPayloadSchema,
        response: { 201: couleurSchema, ...problems(404) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      // A palette made from a product's page belongs to that product's company.
      const entrepriseId = b.idGroupeModel
        ? (await reachableProduct(db, request.user, b.idGroupeModel)).entrepriseId
        : await actingCompany(db, request.user, request.query.entrepriseId);
      const [row] = await db
        .insert(couleurs)
        .values({
          entrepriseId,
          idGroupeModel: b.idGroupeModel ?? null,
          nuancier: b.nuancier,
          nomCouleur: b.nomCouleur,
          description: b.description ?? null,
          valeur: b.valeur.toLowerCase(),
        })
        .returning();
      return reply.status(201).send(toCouleur(row));
    },
  );
};

export default couleurRoutes;
