// GET /api/Model (the company's models, optionally of one product group) and POST /api/Model
// (multipart new-model payload of docs/product.md §2.3: Nom, Icone, Model3d, plus IdGroupeModel, the product it belongs to).
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import { dotnetList } from '#domain/list';
import { ICON_RULE, MODEL_3D_RULE, MODEL_MESSAGES, modelSchema } from '#domain/product';
import { boundedText, textInvalid } from '#domain/text';

import { actingCompany, reachableProduct } from '../../auth/access';
import { groupeModels, models } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { listResponse } from '../../http/listSchema';
import { multipartBody } from '../../http/openapi/multipart';
import { idNumber } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { fieldErrors, readMultipartForm } from '../multipartForm';
import { toNumber } from '../scope';
import { withStoredFiles } from '../storeFiles';

const modelFields = z.object({
  Nom: boundedText({ required: MODEL_MESSAGES.nom, max: 200, invalid: textInvalid('Nom du modèle', 200) }),
  IdGroupeModel: z
    .string({ error: 'Produit introuvable' })
    .regex(/^\d{1,9}$/, 'Produit introuvable')
    .transform(Number),
});

const query = z.object({
  entrepriseId: idNumber.optional(),
  groupId: idNumber.optional(),
});
const FILE_RULES = { Icone: ICON_RULE, Model3d: MODEL_3D_RULE };

const toModel = (m: typeof models.$inferSelect) => ({
  id: m.id,
  idGroupeModel: m.idGroupeModel,
  nom: m.nom,
  icone: m.icone,
  model3d: m.model3d,
  specification: m.specification,
  prixCatalogue: toNumber(m.prixCatalogue),
  description: m.description,
});

const modelRoutes: RoutePlugin = async (app, { db, files }) => {
  app.get(
    '/api/Model',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: query,
        response: { 200: listResponse(modelSchema), ...problems(404) },
      },
    },
    async (request) => {
      let where: SQL | undefined;
      if (request.query.groupId !== undefined) {
        const g = await reachableProduct(db, request.user, request.query.groupId);
        where = eq(groupeModels.idGroupeModel, g.idGroupeModel);
      } else {
        where = eq(groupeModels.entrepriseId, await actingCompany(db, request.user, request.query.entrepriseId));
      }
      const rows = await db
        .select({ m: models })
        .from(models)
        .innerJoin(groupeModels, eq(groupeModels.idGroupeModel, models.idGroupeModel))
        .where(and(where))
        .orderBy(asc(models.id));
      return dotnetList(rows.map((r) => toModel(r.m)));
    },
  );

  app.post(
    '/api/Model',
    {
      schema: {
        tags: ['Catalogue'],
        multipart: multipartBody(modelFields.shape, FILE_RULES),
        response: { 201: modelSchema, ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, files, FILE_RULES);
      const parsed = modelFields.safeParse(form.fields);
      if (!parsed.success) throw fieldErrors(parsed.error.issues);
      const g = await reachableProduct(db, request.user, parsed.data.IdGroupeModel);
      const row = await withStoredFiles(request, files, form.files, async (keys) => {
        const [inserted] = await db
          .insert(models)
          .values({
            idGroupeModel: g.idGroupeModel,
            nom: parsed.data.Nom,
            icone: keys.Icone?.[0] ?? null,
            model3d: keys.Model3d?.[0] ?? null,
          })
          .returning();
        return inserted;
      });
      return reply.status(201).send(toModel(row));
    },
  );
};

export default modelRoutes;
