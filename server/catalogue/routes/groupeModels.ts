// POST /api/Model/ModelWithGroup (multipart product group with its files) and GET /api/GroupeModel.
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { dotnetList } from '#domain/list';
import { groupeModelSchema, PRODUCT_FILES, PRODUCT_MESSAGES, productFieldsSchema } from '#domain/product';

import { actingCompany, reachableProduct } from '../../auth/access';
import type { Db } from '../../db/client';
import { categories, groupeModels } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { BROWSER_GLB_FIELD, BROWSER_GLB_RULE, GLB_WITHOUT_FBX, withoutBrowserGlb } from '../../files/browserConversion';
import { notFound } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { multipartBody } from '../../http/openapi/multipart';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { fieldErrors, readMultipartForm } from '../multipartForm';
import { companyQuery, toNumber } from '../scope';
import { withStoredFiles } from '../storeFiles';
import { prepareViewerModel, VIEWER_MODEL_FIELD, viewerModelColumns } from '../viewerModel';
import { prepareViewerPoster, VIEWER_POSTER_FIELD } from '../viewerPoster';

const rules = {
  ...PRODUCT_FILES,
  CheminImageGroupe: { ...PRODUCT_FILES.CheminImageGroupe, tooMany: PRODUCT_MESSAGES.tooManyImages },
  // The GLB an uploader's browser made from an FBX, beside it (server/files/browserConversion.ts).
  [BROWSER_GLB_FIELD]: BROWSER_GLB_RULE,
};

type Row = typeof groupeModels.$inferSelect & { nomCategorie: string | null };
export const toGroupeModel = (r: Row) => ({
  idGroupeModel: r.idGroupeModel,
  entrepriseId: r.entrepriseId,
  nomGroupeModel: r.nomGroupeModel,
  idCategorie: r.idCategorie,
  nomCategorie: r.nomCategorie,
  refPrimaire: r.refPrimaire,
  refSecondaire: r.refSecondaire,
  specification: r.specification,
  placement: r.placement,
  prixCatalogue: toNumber(r.prixCatalogue),
  cheminImageGroupe: r.cheminImageGroupe,
  icone: r.icone,
  chemin3d: r.chemin3d,
  cheminPdf: r.cheminPdf,
  ficheCote: r.ficheCote,
  publicKey: r.publicKey,
  modelBytes: r.modelBytes,
  viewerModelBytes: r.viewerModelBytes,
  createdAt: r.createdAt.toISOString(),
});

async function listGroupes(db: Db, entrepriseId: number) {
  const rows = await db
    .select({ g: groupeModels, nomCategorie: categories.nomCategorie })
    .from(groupeModels)
    .leftJoin(categories, eq(categories.id, groupeModels.idCategorie))
    .where(eq(groupeModels.entrepriseId, entrepriseId))
    .orderBy(asc(groupeModels.nomGroupeModel), asc(groupeModels.idGroupeModel));
  return rows.map((r) => toGroupeModel({ ...r.g, nomCategorie: r.nomCategorie }));
}

const groupeModelRoutes: RoutePlugin = async (app, { db, files, conversions }) => {
  app.get(
    '/api/GroupeModel',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: companyQuery,
        response: { 200: listResponse(groupeModelSchema), ...problems(404) },
      },
    },
    async (request) =>
      dotnetList(await listGroupes(db, await actingCompany(db, request.user, request.query.entrepriseId))),
  );

  app.get(
    '/api/GroupeModel/:id',
    { schema: { tags: ['Catalogue'], params: idParams('id'), response: { 200: groupeModelSchema, ...problems(404) } } },
    async (request) => {
      const g = await reachableProduct(db, request.user, request.params.id);
      const [cat] = g.idCategorie ? await db.select().from(categories).where(eq(categories.id, g.idCategorie)) : [];
      return toGroupeModel({ ...g, nomCategorie: cat?.nomCategorie ?? null });
    },
  );

  app.post(
    '/api/Model/ModelWithGroup',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: companyQuery,
        multipart: multipartBody(productFieldsSchema.shape, rules),
        rules: [GLB_WITHOUT_FBX],
        response: { 201: z.object({ idGroupeModel: z.number() }), ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, files, rules);
      const parsed = productFieldsSchema.safeParse(form.fields);
      if (!parsed.success) throw fieldErrors(parsed.error.issues);
      const f = parsed.data;
      const entrepriseId = await actingCompany(db, request.user, request.query.entrepriseId);
      const [cat] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, f.IdCategorie), eq(categories.entrepriseId, entrepriseId)));
      if (!cat) throw notFound('Catégorie introuvable');

      // An STL is converted now, off the main thread; one that cannot be shown is refused (400).
      const model = await prepareViewerModel(
        request,
        reply,
        { files, conversions },
        form.files.Chemin_3d?.[0],
        'Chemin_3d',
        form.files[BROWSER_GLB_FIELD]?.[0],
      );
      // The viewer's light poster of the first image (none when it cannot be made: the image is shown).
      const poster = await prepareViewerPoster(request, { files, conversions }, form.files.CheminImageGroupe?.[0]);
      const originals = withoutBrowserGlb(form.files);
      const uploads = {
        ...originals,
        ...(model?.glb ? { [VIEWER_MODEL_FIELD]: [model.glb] } : {}),
        ...(poster ? { [VIEWER_POSTER_FIELD]: [poster] } : {}),
      };
      const row = await withStoredFiles(request, files, uploads, async (keys) => {
        const [inserted] = await db
          .insert(groupeModels)
          .values({
            entrepriseId,
            nomGroupeModel: f.NomGroupeModel,
            idCategorie: f.IdCategorie,
            refPrimaire: f.RefPrimaire,
            refSecondaire: f.RefSecondaire,
            specification: f.Specification,
            placement: f.Placement,
            prixCatalogue: f.PrixCatalogue === null ? null : f.PrixCatalogue.toFixed(2),
            cheminImageGroupe: keys.CheminImageGroupe ?? [],
            icone: keys.Icone?.[0] ?? null,
            chemin3d: keys.Chemin_3d?.[0] ?? null,
            cheminPdf: keys.Chemin_pdf?.[0] ?? null,
            ficheCote: keys.FicheCote?.[0] ?? null,
            ...viewerModelColumns(model, keys),
            viewerPoster: keys[VIEWER_POSTER_FIELD]?.[0] ?? null,
          })
          .returning({ idGroupeModel: groupeModels.idGroupeModel });
        return inserted;
      });
      request.log.info({ event: 'catalogue.product.created', idGroupeModel: row.idGroupeModel, entrepriseId });
      return reply.status(201).send({ idGroupeModel: row.idGroupeModel });
    },
  );
};

export default groupeModelRoutes;
