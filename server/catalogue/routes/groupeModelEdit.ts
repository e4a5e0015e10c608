// PUT /api/GroupeModel/{id} (multipart, the creation form's fields and files) and DELETE /api/GroupeModel/{id}.
// Additions to the contract, which has no way to change or remove a product (docs/back-office.md):
// - edit: every text field is replaced; a file field sent replaces that field's files (images: all of them),
//   a field named in Retirer (comma-separated) is emptied; replaced files are removed once the row is saved;
// - delete: refused (409) while the product has consultation statistics, which it would erase; otherwise
//   the product goes with its models, options and sub-options (its own configuration) and every stored file.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';

import { groupeModelSchema, PRODUCT_FILES, PRODUCT_MESSAGES, productFieldsSchema } from '#domain/product';

import { reachableProduct } from '../../auth/access';
import { categories, groupeModels, models, productEvents, sousOptions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { BROWSER_GLB_FIELD, BROWSER_GLB_RULE, GLB_WITHOUT_FBX, withoutBrowserGlb } from '../../files/browserConversion';
import { badRequest, conflict, notFound } from '../../http/errors';
import { multipartBody } from '../../http/openapi/multipart';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { fieldErrors, readMultipartForm } from '../multipartForm';
import { withStoredFiles } from '../storeFiles';
import { prepareViewerModel, VIEWER_MODEL_FIELD, viewerModelColumns } from '../viewerModel';
import { prepareViewerPoster, VIEWER_POSTER_FIELD } from '../viewerPoster';
import { toGroupeModel } from './groupeModels';

export const PRODUCT_DELETE_MESSAGES = {
  hasStatistics: 'Ce produit a des statistiques de consultation : le supprimer les effacerait. Il reste au catalogue.',
} as const;

const rules = {
  ...PRODUCT_FILES,
  CheminImageGroupe: { ...PRODUCT_FILES.CheminImageGroupe, tooMany: PRODUCT_MESSAGES.tooManyImages },
  // The GLB an uploader's browser made from an FBX, beside it (server/files/browserConversion.ts).
  [BROWSER_GLB_FIELD]: BROWSER_GLB_RULE,
};
type FileField = keyof typeof PRODUCT_FILES;
const FILE_FIELDS = Object.keys(PRODUCT_FILES) as FileField[];
const params = idParams('id');
const retirerDoc = z
  .string()
  .optional()
  .meta({
    description: `Champs de fichier à vider, séparés par des virgules : ${Object.keys(PRODUCT_FILES).join(', ')}`,
  });

/** The row's stored keys of one file field, as a list. */
function keysOf(g: typeof groupeModels.$inferSelect, field: FileField): string[] {
  switch (field) {
    case 'CheminImageGroupe':
      return g.cheminImageGroupe;
    case 'Icone':
      return g.icone ? [g.icone] : [];
    case 'Chemin_3d':
      return g.chemin3d ? [g.chemin3d] : [];
    case 'Chemin_pdf':
      return g.cheminPdf ? [g.cheminPdf] : [];
    case 'FicheCote':
      return g.ficheCote ? [g.ficheCote] : [];
  }
}

const UNKNOWN_FILE_FIELD = 'Champ de fichier inconnu';

function parseRetirer(raw: string | undefined): Set<FileField> {
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.find((n) => !(FILE_FIELDS as string[]).includes(n));
  if (unknown)
    throw badRequest(`${UNKNOWN_FILE_FIELD} : ${unknown}`, {
      errors: { Retirer: `${UNKNOWN_FILE_FIELD} : ${unknown}` },
    });
  return new Set(names as FileField[]);
}

const groupeModelEditRoutes: RoutePlugin = async (app, { db, files, conversions }) => {
  app.put(
    '/api/GroupeModel/:id',
    {
      schema: {
        tags: ['Catalogue'],
        params,
        multipart: multipartBody({ ...productFieldsSchema.shape, Retirer: retirerDoc }, rules),
        rules: [UNKNOWN_FILE_FIELD, GLB_WITHOUT_FBX],
        response: { 200: groupeModelSchema, ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      const g = await reachableProduct(db, request.user, request.params.id);
      const form = await readMultipartForm(request, files, rules);
      const parsed = productFieldsSchema.safeParse(form.fields);
      if (!parsed.success) throw fieldErrors(parsed.error.issues);
      const retirer = parseRetirer(form.fields.Retirer);
      const f = parsed.data;
      const [cat] = await db
        .select({ id: categories.id, nom: categories.nomCategorie })
        .from(categories)
        .where(and(eq(categories.id, f.IdCategorie), eq(categories.entrepriseId, g.entrepriseId)));
      if (!cat) throw notFound('Catégorie introuvable');

      const replaced: string[] = [];
      const next = (field: FileField, keys: Record<string, string[]>): string[] => {
        if (keys[field]?.length || retirer.has(field)) {
          replaced.push(...keysOf(g, field));
          return keys[field] ?? [];
        }
        return keysOf(g, field);
      };
      // A new 3D file brings its own viewer model (an STL converted now, or none); removing it removes both.
      const model = await prepareViewerModel(
        request,
        reply,
        { files, conversions },
        form.files.Chemin_3d?.[0],
        'Chemin_3d',
        form.files[BROWSER_GLB_FIELD]?.[0],
      );
      const modelChanged = !!model || retirer.has('Chemin_3d');
      if (modelChanged) replaced.push(...(g.viewerModel ? [g.viewerModel] : []));
      // New images bring their own poster (or none); removing them removes it. Kept images keep theirs.
      const newImage = form.files.CheminImageGroupe?.[0];
      const imagesChanged = !!newImage || retirer.has('CheminImageGroupe');
      const poster = await prepareViewerPoster(request, { files, conversions }, newImage);
      if (imagesChanged) replaced.push(...(g.viewerPoster ? [g.viewerPoster] : []));
      const originals = withoutBrowserGlb(form.files);
      const uploads = {
        ...originals,
        ...(model?.glb ? { [VIEWER_MODEL_FIELD]: [model.glb] } : {}),
        ...(poster ? { [VIEWER_POSTER_FIELD]: [poster] } : {}),
      };
      const row = await withStoredFiles(request, files, uploads, async (keys) => {
        const [updated] = await db
          .update(groupeModels)
          .set({
            nomGroupeModel: f.NomGroupeModel,
            idCategorie: f.IdCategorie,
            refPrimaire: f.RefPrimaire,
            refSecondaire: f.RefSecondaire,
            specification: f.Specification,
            placement: f.Placement,
            prixCatalogue: f.PrixCatalogue === null ? null : f.PrixCatalogue.toFixed(2),
            cheminImageGroupe: next('CheminImageGroupe', keys),
            icone: next('Icone', keys)[0] ?? null,
            chemin3d: next('Chemin_3d', keys)[0] ?? null,
            cheminPdf: next('Chemin_pdf', keys)[0] ?? null,
            ficheCote: next('FicheCote', keys)[0] ?? null,
            ...(modelChanged ? viewerModelColumns(model, keys) : {}),
            ...(imagesChanged ? { viewerPoster: keys[VIEWER_POSTER_FIELD]?.[0] ?? null } : {}),
          })
          .where(eq(groupeModels.idGroupeModel, g.idGroupeModel))
          .returning();
        return updated;
      });
      // Only once the row no longer names them.
      await files.remove(replaced);
      request.log.info({
        event: 'catalogue.product.updated',
        idGroupeModel: g.idGroupeModel,
        entrepriseId: g.entrepriseId,
      });
      return toGroupeModel({ ...row, nomCategorie: cat.nom });
    },
  );

  app.delete(
    '/api/GroupeModel/:id',
    { schema: { tags: ['Catalogue'], params, response: { 204: noContent, ...problems(404, 409) } } },
    async (request, reply) => {
      const g = await reachableProduct(db, request.user, request.params.id);
      const [event] = await db
        .select({ id: productEvents.id })
        .from(productEvents)
        .where(eq(productEvents.produitId, g.idGroupeModel))
        .limit(1);
      if (event) throw conflict(PRODUCT_DELETE_MESSAGES.hasStatistics);
      const stored = await db.transaction(async (tx) => {
        const modelFiles = await tx
          .select({ icone: models.icone, model3d: models.model3d })
          .from(models)
          .where(eq(models.idGroupeModel, g.idGroupeModel));
        const sousFiles = await tx
          .select({ icone: sousOptions.sousIcone })
          .from(sousOptions)
          .where(eq(sousOptions.idGroupeModel, g.idGroupeModel));
        // Models, options and sub-options go by the foreign keys' cascade; colours stay in their palette.
        await tx.delete(groupeModels).where(eq(groupeModels.idGroupeModel, g.idGroupeModel));
        return [
          ...FILE_FIELDS.flatMap((field) => keysOf(g, field)),
          g.viewerModel,
          g.viewerPoster,
          ...modelFiles.flatMap((m) => [m.icone, m.model3d]),
          ...sousFiles.map((s) => s.icone),
        ];
      });
      await files.remove(stored);
      request.log.info({
        event: 'catalogue.product.deleted',
        idGroupeModel: g.idGroupeModel,
        entrepriseId: g.entrepriseId,
      });
      return reply.status(204).send();
    },
  );
};

export default groupeModelEditRoutes;
