// GET /api/Entreprise/{id} and PUT /api/Entreprise/{id} (dateValidCatalogue, set by 'Ajouter Nuancier':
// a company setting, not every role's, docs/permissions.md).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { entreprises } from '../../db/schema';
import { reachesEntreprise } from '../../auth/guard';
import { requirePermission } from '../../auth/permissions';
import { badRequest, forbidden, notFound, parseId } from '../../http/errors';
import { timeZoneSchema, viewerSettingsSchema } from '../../../src/domain/entreprise';
import type { RoutePlugin } from '../../deps';
import type { Db } from '../../db/client';
import type { FastifyRequest } from 'fastify';

const entrepriseDetail = z.object({
  entrepriseId: z.number(),
  nomEntreprise: z.string(),
  dateValidCatalogue: z.string().nullable(),
  quoteUrl: z.string().nullable(),
  frameOrigins: z.array(z.string()),
  timeZone: z.string(),
});

const putBody = z.object({
  entrepriseId: z.number().int().optional(),
  // Sent back by the catalogue page and ignored (a rename is not a catalogue action), but bounded.
  nomEntreprise: z.string().max(255, "Nom de l'entreprise invalide (255 caractères max)").optional(),
  dateValidCatalogue: z
    .string({ error: 'Date de validation du catalogue requise' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date de validation du catalogue invalide (AAAA-MM-JJ)')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Date de validation du catalogue invalide (AAAA-MM-JJ)')
    .nullable()
    // Absent: unchanged (a PUT of the viewer settings alone).
    .optional(),
  ...viewerSettingsSchema.shape,
  // The dashboard's reporting time zone (docs/dashboard.md): an Admin's setting.
  timeZone: timeZoneSchema.optional(),
});

/** The viewer settings (docs/viewer.md) are the company's public face: an Admin or its Directeur only. */
const VIEWER_SETTINGS_ROLES = new Set(['Admin', 'Directeur']);

const detailFields = {
  entrepriseId: entreprises.entrepriseId,
  nomEntreprise: entreprises.nomEntreprise,
  dateValidCatalogue: entreprises.dateValidCatalogue,
  quoteUrl: entreprises.quoteUrl,
  frameOrigins: entreprises.frameOrigins,
  timeZone: entreprises.timeZone,
};

async function reachable(db: Db, request: FastifyRequest, raw: string) {
  const id = parseId(raw);
  if (!reachesEntreprise(request.user, id)) throw notFound('Entreprise introuvable');
  const [row] = await db
    .select(detailFields)
    .from(entreprises)
    .where(eq(entreprises.entrepriseId, id));
  if (!row) throw notFound('Entreprise introuvable');
  return row;
}

const entrepriseCatalogueRoutes: RoutePlugin = async (app, { db }) => {
  const params = z.object({ id: z.string() });

  app.get('/api/Entreprise/:id', { schema: { tags: ['Entreprise'], params, response: { 200: entrepriseDetail } } }, async (request) =>
    reachable(db, request, request.params.id),
  );

  app.put(
    '/api/Entreprise/:id',
    { schema: { tags: ['Entreprise'], params, body: putBody, response: { 200: entrepriseDetail } } },
    async (request) => {
      requirePermission(request, 'entreprise.settings');
      const current = await reachable(db, request, request.params.id);
      const body = request.body;
      if (body.entrepriseId !== undefined && body.entrepriseId !== current.entrepriseId)
        throw badRequest("L'identifiant de l'entreprise ne correspond pas à l'adresse");
      // The same values sent back (the catalogue page PUTs what it read) are not a change of settings.
      const changesViewer =
        (body.quoteUrl !== undefined && body.quoteUrl !== current.quoteUrl) ||
        (body.frameOrigins !== undefined && JSON.stringify(body.frameOrigins) !== JSON.stringify(current.frameOrigins));
      if (changesViewer && !VIEWER_SETTINGS_ROLES.has(request.user.role)) throw forbidden();
      if (body.timeZone !== undefined && body.timeZone !== current.timeZone && !request.user.isAdmin) throw forbidden();
      // Only the catalogue validation date changes here: renaming a company is not a catalogue action.
      const changes = { dateValidCatalogue: body.dateValidCatalogue, quoteUrl: body.quoteUrl, frameOrigins: body.frameOrigins, timeZone: body.timeZone };
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
