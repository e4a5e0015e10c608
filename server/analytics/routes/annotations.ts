// The notes of the dashboard's time chart (domain/annotation.ts): every role of a company reads them, the
// roles that may change the catalogue add and delete them (domain/permissions.ts, 'annotation.manage').
import { and, asc, count, eq } from 'drizzle-orm';

import {
  ANNOTATION_MESSAGES,
  annotationPayloadSchema,
  ANNOTATIONS_PER_COMPANY,
  annotationSchema,
} from '#domain/annotation';
import { dotnetList } from '#domain/list';

import { reachableCompany, reachableProduct, requirePermission } from '../../auth/access';
import { annotations } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';

const manageAnnotations = requirePermission('annotation.manage');

const toAnnotation = (a: typeof annotations.$inferSelect) => ({
  id: a.id,
  entrepriseId: a.entrepriseId,
  idGroupeModel: a.idGroupeModel,
  jour: a.jour,
  texte: a.texte,
});

const annotationsRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Annotation/Entreprise/:id',
    {
      schema: {
        tags: ['Analytique'],
        params: idParams('id'),
        response: { 200: listResponse(annotationSchema), ...problems(404) },
      },
    },
    async (request) => {
      const entrepriseId = await reachableCompany(db, request.user, request.params.id);
      const rows = await db
        .select()
        .from(annotations)
        .where(eq(annotations.entrepriseId, entrepriseId))
        .orderBy(asc(annotations.jour), asc(annotations.id));
      return dotnetList(rows.map(toAnnotation));
    },
  );

  app.post(
    '/api/Annotation/Entreprise/:id',
    {
      preHandler: manageAnnotations,
      schema: {
        tags: ['Analytique'],
        params: idParams('id'),
        body: annotationPayloadSchema,
        // What JSON Schema cannot say: a day that exists (not 2026-02-31), a product of this company.
        rules: [ANNOTATION_MESSAGES.jour, ANNOTATION_MESSAGES.produit],
        response: { 201: annotationSchema, ...problems(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entrepriseId = await reachableCompany(db, request.user, request.params.id);
      const { jour, texte, idGroupeModel } = request.body;
      if (idGroupeModel) {
        const product = await reachableProduct(db, request.user, idGroupeModel).catch(() => null);
        // A product of another company is refused like an unknown one, on the field.
        if (!product || product.entrepriseId !== entrepriseId)
          throw badRequest(ANNOTATION_MESSAGES.produit, { errors: { idGroupeModel: ANNOTATION_MESSAGES.produit } });
      }
      const [{ n }] = await db
        .select({ n: count() })
        .from(annotations)
        .where(eq(annotations.entrepriseId, entrepriseId));
      if (n >= ANNOTATIONS_PER_COMPANY) throw conflict(ANNOTATION_MESSAGES.full);
      const [row] = await db
        .insert(annotations)
        .values({ entrepriseId, idGroupeModel: idGroupeModel ?? null, jour, texte, createdBy: request.user.userId })
        .returning();
      request.log.info({ event: 'annotation.created', annotationId: row.id, by: request.user.userId });
      return reply.status(201).send(toAnnotation(row));
    },
  );

  app.delete(
    '/api/Annotation/:id',
    {
      preHandler: manageAnnotations,
      schema: { tags: ['Analytique'], params: idParams('id'), response: { 204: noContent, ...problems(403, 404) } },
    },
    async (request, reply) => {
      const [row] = await db.select().from(annotations).where(eq(annotations.id, request.params.id));
      if (!row) throw notFound('Note introuvable');
      await reachableCompany(db, request.user, row.entrepriseId).catch(() => {
        throw notFound('Note introuvable');
      });
      await db
        .delete(annotations)
        .where(and(eq(annotations.id, row.id), eq(annotations.entrepriseId, row.entrepriseId)));
      request.log.info({ event: 'annotation.deleted', annotationId: row.id, by: request.user.userId });
      return reply.status(204).send();
    },
  );
};

export default annotationsRoutes;
