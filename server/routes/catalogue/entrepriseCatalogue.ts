// GET /api/Entreprise/{id} and PUT /api/Entreprise/{id} (dateValidCatalogue, set by 'Ajouter Nuancier':
// a company setting, not every role's, docs/permissions.md).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { entreprises } from '../../db/schema';
import { reachesEntreprise } from '../../auth/guard';
import { requirePermission } from '../../auth/permissions';
import { badRequest, notFound, parseId } from '../../http/errors';
import type { RoutePlugin } from '../../deps';
import type { Db } from '../../db/client';
import type { FastifyRequest } from 'fastify';

const entrepriseDetail = z.object({
  entrepriseId: z.number(),
  nomEntreprise: z.string(),
  dateValidCatalogue: z.string().nullable(),
});

const putBody = z.object({
  entrepriseId: z.number().int().optional(),
  nomEntreprise: z.string().optional(),
  dateValidCatalogue: z
    .string({ error: 'Date de validation du catalogue requise' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date de validation du catalogue invalide (AAAA-MM-JJ)')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Date de validation du catalogue invalide (AAAA-MM-JJ)')
    .nullable(),
});

async function reachable(db: Db, request: FastifyRequest, raw: string) {
  const id = parseId(raw);
  if (!reachesEntreprise(request.user, id)) throw notFound('Entreprise introuvable');
  const [row] = await db
    .select({ entrepriseId: entreprises.entrepriseId, nomEntreprise: entreprises.nomEntreprise, dateValidCatalogue: entreprises.dateValidCatalogue })
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
      // Only the catalogue validation date changes here: renaming a company is not a catalogue action.
      const [row] = await db
        .update(entreprises)
        .set({ dateValidCatalogue: body.dateValidCatalogue })
        .where(eq(entreprises.entrepriseId, current.entrepriseId))
        .returning({ entrepriseId: entreprises.entrepriseId, nomEntreprise: entreprises.nomEntreprise, dateValidCatalogue: entreprises.dateValidCatalogue });
      request.log.info({ event: 'catalogue.validated', entrepriseId: row.entrepriseId, date: row.dateValidCatalogue });
      return row;
    },
  );
};

export default entrepriseCatalogueRoutes;
