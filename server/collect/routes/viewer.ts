// The public viewer's data by product key (docs/viewer.md): GET /api/viewer/{key} (name, price, model and
// quote URLs) and GET /api/viewer/{key}/model (the model as glTF). Both read the model's format and file
// as stored at upload: an STL is served as the GLB converted then, an FBX as the GLB its uploader's browser
// made (groupe_models.viewer_model); no request converts, sniffs or retries anything. An FBX without its
// GLB and a STEP stored before STEP was refused have no model URL (the page says so).

import { z } from 'zod';

import type { RoutePlugin } from '../../deps';
import { sendStoredFile } from '../../files/sendStoredFile';
import { notFound } from '../../http/errors';
import { rangedFileAnswers } from '../../http/openapi/files';
import { problems } from '../../http/openapi/problem';
import { type ViewerProduct, viewerProduct } from '../viewerProduct';
import { visitQuery, visitSchema } from '../visitTokens';

/** The file the viewer shows and its type, or null: no model, a format it cannot show, an STL not converted. */
function shownModel(p: ViewerProduct): { key: string; type: string } | null {
  if (!p.chemin3d) return null;
  if (p.modelFormat === 'glb') return { key: p.chemin3d, type: 'model/gltf-binary' };
  if (p.modelFormat === 'gltf') return { key: p.chemin3d, type: 'model/gltf+json' };
  if ((p.modelFormat === 'stl' || p.modelFormat === 'fbx') && p.viewerModel)
    return { key: p.viewerModel, type: 'model/gltf-binary' };
  return null;
}

const unsupported = (p: ViewerProduct) =>
  p.chemin3d && (p.modelFormat === 'step' || ((p.modelFormat === 'stl' || p.modelFormat === 'fbx') && !p.viewerModel))
    ? p.modelFormat
    : null;

export const viewerInfoSchema = z.object({
  nom: z.string(),
  prix: z.number().nullable(),
  modelUrl: z.string().nullable(),
  /** Set when the product has a model the viewer cannot show: STEP, an FBX without its GLB, an STL whose conversion failed. */
  unsupportedFormat: z.string().nullable(),
  quoteUrl: z.string().nullable(),
  visit: visitSchema,
});

const params = z.object({ key: z.string().max(200).meta({ description: 'La clé publique du produit (publicKey)' }) });

const viewerRoutes: RoutePlugin = async (app, { db, files, visits }) => {
  app.get(
    '/api/viewer/:key',
    {
      config: { public: true },
      schema: {
        tags: ['Visionneuse'],
        params,
        querystring: visitQuery,
        response: { 200: viewerInfoSchema, ...problems(404) },
      },
    },
    async (request) => {
      const product = await viewerProduct(db, request.params.key);
      if (!product) throw notFound('Visionneuse introuvable');
      return {
        nom: product.nom,
        prix: product.prix === null ? null : Number(product.prix),
        modelUrl: shownModel(product) ? `/api/viewer/${request.params.key}/model` : null,
        unsupportedFormat: unsupported(product),
        quoteUrl: product.quoteUrl,
        // No token for a browser that objects to measurement (Sec-GPC, docs/privacy.md): it sends nothing.
        ...(request.query.session &&
          request.headers['sec-gpc'] !== '1' && {
            visit: await visits.issue(request.ip, request.params.key, request.query.session),
          }),
      };
    },
  );

  app.get(
    '/api/viewer/:key/model',
    {
      config: { public: true },
      schema: {
        tags: ['Visionneuse'],
        params,
        response: {
          ...rangedFileAnswers(
            ['model/gltf-binary', 'model/gltf+json'],
            'Le modèle 3D (GLB, ou glTF ; un STL ou un FBX converti en GLB)',
          ),
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      const product = await viewerProduct(db, request.params.key);
      if (!product) throw notFound('Visionneuse introuvable');
      const model = shownModel(product);
      if (!model)
        throw notFound(
          unsupported(product) && product.modelFormat !== 'stl'
            ? 'Modèle 3D non disponible dans ce format'
            : 'Modèle 3D non disponible',
        );
      return sendStoredFile(request, reply, files, model.key, model.type, { missing: 'Modèle 3D non disponible' });
    },
  );
};

export default viewerRoutes;
