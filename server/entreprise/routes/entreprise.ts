// GET /api/Entreprise: Admin sees every company, others their own. POST /api/Entreprise: Admin creates one.
import { asc, eq } from 'drizzle-orm';

import {
  DEFAULT_TIME_ZONE,
  ENTREPRISE_CREATE_RULES,
  entrepriseCreatedSchema,
  entrepriseCreateSchema,
  entrepriseSchema,
} from '#domain/entreprise';
import { dotnetList } from '#domain/list';

import { requirePermission } from '../../auth/access';
import { entreprises } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { conflict } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { problems } from '../../http/openapi/problem';

const entrepriseRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Entreprise',
    { schema: { tags: ['Entreprise'], response: { 200: listResponse(entrepriseSchema) } } },
    async (request) => {
      const base = db
        .select({
          entrepriseId: entreprises.entrepriseId,
          nomEntreprise: entreprises.nomEntreprise,
          dateValidCatalogue: entreprises.dateValidCatalogue,
          timeZone: entreprises.timeZone,
        })
        .from(entreprises);
      const rows = request.user.isAdmin
        ? await base.orderBy(asc(entreprises.nomEntreprise))
        : await base.where(eq(entreprises.entrepriseId, request.user.entrepriseId));
      return dotnetList(rows);
    },
  );

  app.post(
    '/api/Entreprise',
    {
      preHandler: requirePermission('entreprise.create'),
      schema: {
        tags: ['Entreprise'],
        body: entrepriseCreateSchema,
        rules: ENTREPRISE_CREATE_RULES,
        response: { 201: entrepriseCreatedSchema, ...problems(409) },
      },
    },
    async (request, reply) => {
      const { NomEntreprise, Adresse, Telephone, Siret, TimeZone } = request.body;
      const [taken] = await db
        .select({ id: entreprises.entrepriseId })
        .from(entreprises)
        .where(eq(entreprises.siret, Siret));
      if (taken) throw conflict('Une entreprise avec ce SIRET existe déjà.');
      const [row] = await db
        .insert(entreprises)
        .values({
          nomEntreprise: NomEntreprise,
          adresse: Adresse || null,
          telephone: Telephone,
          siret: Siret,
          timeZone: TimeZone || DEFAULT_TIME_ZONE,
        })
        .returning();
      request.log.info({ event: 'entreprise.created', entrepriseId: row.entrepriseId, by: request.user.userId });
      return reply.status(201).send({
        entrepriseId: row.entrepriseId,
        nomEntreprise: row.nomEntreprise,
        adresse: row.adresse,
        telephone: row.telephone,
        siret: row.siret,
        dateValidCatalogue: row.dateValidCatalogue,
        timeZone: row.timeZone,
      });
    },
  );
};

export default entrepriseRoutes;
