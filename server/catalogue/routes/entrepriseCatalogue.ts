// GET /api/Entreprise/{id} and PUT /api/Entreprise/{id} (dateValidCatalogue, set by 'Ajouter Nuancier':
// a company setting, not every role's, docs/permissions.md).
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { dbId } from '#domain/dbId';
import {
  entrepriseDetailSchema,
  TIME_ZONE_INVALID,
  timeZoneSchema,
  VIEWER_SETTINGS_RULES,
  viewerSettingsSchema,
} from '#domain/entreprise';
import { PERMISSIONS } from '#domain/permissions';

import { demandPermission, reachesCompany, requirePermission } from '../../auth/access';
import type { Db } from '../../db/client';
import { entreprises } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';

const CATALOGUE_DATE_INVALID = 'Date de validation du catalogue invalide (AAAA-MM-JJ)';
const ID_MISMATCH = "L'identifiant de l'entreprise ne correspond pas à l'adresse";

const putBody = z.object({
  entrepriseId: dbId().optional(),
  // Sent back by the catalogue page and ignored (a rename is not a catalogue action), but bounded.
  nomEntreprise: z.string().max(255, "Nom de l'entreprise invalide (255 caractères max)").optional(),
  // A real calendar day (2026-02-30 is refused), from year 1000: PostgreSQL has no year 0.
  dateValidCatalogue: z.iso
    .date({ error: CATALOGUE_DATE_INVALID })
    .regex(/^[1-9]/, CATALOGUE_DATE_INVALID)
    .nullable()
    // Absent: unchanged (a PUT of the viewer settings alone).
    .optional(),
  ...viewerSettingsSchema.shape,
  // The dashboard's reporting time zone (docs/dashboard.md): an Admin's setting.
  timeZone: timeZoneSchema.optional(),
});

const detailFields = {
  entrepriseId: entreprises.entrepriseId,
  nomEntreprise: entreprises.nomEntreprise,
  dateValidCatalogue: entreprises.dateValidCatalogue,
  quoteUrl: entreprises.quoteUrl,
  frameOrigins: entreprises.frameOrigins,
  timeZone: entreprises.timeZone,
};

async function companyDetail(db: Db, request: FastifyRequest, id: number) {
  if (!reachesCompany(request.user, id)) throw notFound('Entreprise introuvable');
  const [row] = await db.select(detailFields).from(entreprises).where(eq(entreprises.entrepriseId, id));
  if (!row) throw notFound('Entreprise introuvable');
  return row;
}

const entrepriseCatalogueRoutes: RoutePlugin = async (app, { db }) => {
  const params = idParams('id');

  app.get(
    '/api/Entreprise/:id',
    { schema: { tags: ['Entreprise'], params, response: { 200: entrepriseDetailSchema, ...problems(404) } } },
    async (request) => companyDetail(db, request, request.params.id),
  );

  app.put(
    '/api/Entreprise/:id',
    {
      preHandler: requirePermission('entreprise.settings'),
      schema: {
        tags: ['Entreprise'],
        description:
          `Date de validation du catalogue (${PERMISSIONS['entreprise.settings'].join(', ')}), ` +
          `réglages de la visionneuse quoteUrl et frameOrigins (${PERMISSIONS['entreprise.viewerSettings'].join(', ')}), ` +
          `fuseau horaire (${PERMISSIONS['entreprise.timeZone'].join(', ')}) : un réglage changé par un autre rôle répond 403.`,
        params,
        body: putBody,
        rules: [ID_MISMATCH, ...VIEWER_SETTINGS_RULES, TIME_ZONE_INVALID],
        response: { 200: entrepriseDetailSchema, ...problems(404) },
      },
    },
    async (request) => {
      const current = await companyDetail(db, request, request.params.id);
      const body = request.body;
      if (body.entrepriseId !== undefined && body.entrepriseId !== current.entrepriseId) throw badRequest(ID_MISMATCH);
      // The same values sent back (the catalogue page PUTs what it read) are not a change of settings.
      const changesViewer =
        (body.quoteUrl !== undefined && body.quoteUrl !== current.quoteUrl) ||
        (body.frameOrigins !== undefined && JSON.stringify(body.frameOrigins) !== JSON.stringify(current.frameOrigins));
      if (changesViewer) demandPermission(request, 'entreprise.viewerSettings');
      if (body.timeZone !== undefined && body.timeZone !== current.timeZone)
        demandPermission(request, 'entreprise.timeZone');
      // Only the catalogue validation date changes here: renaming a company is not a catalogue action.
      const changes = {
        dateValidCatalogue: body.dateValidCatalogue,
        quoteUrl: body.quoteUrl,
        frameOrigins: body.frameOrigins,
        timeZone: body.timeZone,
      };
      if (Object.values(changes).every((v) => v === undefined)) return current;
      const [row] = await db
        .update(entreprises)
        .set(changes)
        .where(eq(entreprises.entrepriseId, current.entrepriseId))
        .returning(detailFields);
      request.log.info({ event: 'catalogue.validated', entrepriseId: row.entrepriseId, date: row.dateValidCatalogue });
      return row;
    },
  );
};

export default entrepriseCatalogueRoutes;
