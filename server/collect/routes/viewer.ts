// The public viewer's data by product key (docs/viewer.md): GET /api/viewer/{key} (name, price, model,
// poster and quote URLs; revalidated with its ETag), GET /api/viewer/{key}/visit (the visit's token, never
// cached), and the files under content-addressed URLs cached for a year: the model
// (/model/{hash}.glb, the light GLB made at upload) and the poster (/poster/{hash}.{ext}, the WebP made at
// upload from the product's first photo, or that photo for rows stored before). GET /api/viewer/{key}/model, the URL of rows stored before, is served uncached. No request
// converts, sniffs or retries anything: an STL's GLB was converted at upload, an FBX's made by its
// uploader's browser. A visitor whose browser objects to measurement (Sec-GPC) gets no visit token.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { matches } from '../../analytics/eventAnswers';
import type { RoutePlugin } from '../../deps';
import { MEDIA_TYPES } from '../../files/mediaTypes';
import { sendStoredFile } from '../../files/sendStoredFile';
import type { FileKind } from '../../files/sniff';
import { notFound } from '../../http/errors';
import { rangedFileAnswers } from '../../http/openapi/files';
import { notModified } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { etagOf, IMMUTABLE, modelFileName, modelUrl, posterFileName, posterUrl, shownModel } from '../viewerFiles';
import { type ViewerProduct, viewerProduct } from '../viewerProduct';
import { visitQuery, visitSchema } from '../visitTokens';

const unsupported = (p: ViewerProduct) =>
  p.chemin3d && !shownModel(p) && (p.modelFormat === 'fbx' || p.modelFormat === 'step' || p.modelFormat === 'stl')
    ? p.modelFormat
    : null;

export const viewerInfoSchema = z.object({
  nom: z.string(),
  prix: z.number().nullable(),
  modelUrl: z.string().nullable(),
  /**
   * Shown before the model (model-viewer's poster): the WebP made at upload from the first photo, or the
   * photo itself for a product without one; null: a neutral stage.
   */
  posterUrl: z.string().nullable().optional(),
  /** Set when the product has a model the viewer cannot show: FBX, STEP, or an STL whose conversion failed. */
  unsupportedFormat: z.string().nullable(),
  quoteUrl: z.string().nullable(),
  visit: visitSchema,
});

const params = z.object({ key: z.string().max(200).meta({ description: 'La clé publique du produit (publicKey)' }) });
const modelParams = params.extend({
  file: z
    .string()
    .regex(/^[0-9a-f]{16}\.(glb|gltf)$/)
    .meta({ description: 'L’empreinte (SHA-256) du modèle et son extension, comme modelUrl les donne' }),
});
const posterParams = params.extend({
  file: z
    .string()
    .regex(/^[0-9a-f]{16}\.(png|jpg|webp|gif)$/)
    .meta({ description: 'Le nom de l’affiche, comme posterUrl le donne' }),
});
const sessionRequired = z.object({ session: visitQuery.shape.session.unwrap() });

/** No token for a browser that objects to measurement (docs/privacy.md): it sends nothing. */
const objects = (request: FastifyRequest) => request.headers['sec-gpc'] === '1';

const viewerRoutes: RoutePlugin = async (app, { db, files, visits }) => {
  const product = async (key: string) => {
    const p = await viewerProduct(db, key);
    if (!p) throw notFound('Visionneuse introuvable');
    return p;
  };

  app.get(
    '/api/viewer/:key',
    {
      config: { public: true, publicCache: true },
      schema: {
        tags: ['Visionneuse'],
        description:
          'Sans `session`, la réponse est la même pour tous : ETag et `Cache-Control: public, no-cache` (304 sur If-None-Match). Avec `session`, elle porte aussi le jeton de visite et n’est pas mise en cache.',
        params,
        querystring: visitQuery,
        response: { 200: viewerInfoSchema, 304: notModified, ...problems(404) },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const p = await product(key);
      const info = {
        nom: p.nom,
        prix: p.prix === null ? null : Number(p.prix),
        modelUrl: modelUrl(key, p),
        posterUrl: posterUrl(key, p),
        unsupportedFormat: unsupported(p),
        quoteUrl: p.quoteUrl,
      };
      // The visit token is per visit: that answer is never stored (no-store, server/http/security.ts).
      if (request.query.session) {
        reply.header('Cache-Control', 'no-store');
        if (objects(request)) return info;
        return { ...info, visit: await visits.issue(request.ip, key, request.query.session) };
      }
      const tag = etagOf(JSON.stringify(info));
      reply.header('ETag', tag).header('Cache-Control', 'public, no-cache');
      if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send(undefined);
      return info;
    },
  );

  app.get(
    '/api/viewer/:key/visit',
    {
      config: { public: true },
      schema: {
        tags: ['Visionneuse'],
        description: 'Le jeton de visite de cette session (POST /api/collect l’exige) ; jamais mis en cache.',
        params,
        querystring: sessionRequired,
        response: { 200: z.object({ visit: visitSchema }), ...problems(404) },
      },
    },
    async (request) => {
      await product(request.params.key);
      if (objects(request)) return { visit: null };
      return { visit: await visits.issue(request.ip, request.params.key, request.query.session) };
    },
  );

  const modelAnswer = rangedFileAnswers(
    ['model/gltf-binary', 'model/gltf+json'],
    'Le modèle 3D (le GLB allégé à l’envoi ; un glTF ou un GLB enregistré avant tel quel)',
  );
  const noModel = (p: ViewerProduct) =>
    notFound(
      unsupported(p) && p.modelFormat !== 'stl'
        ? 'Modèle 3D non disponible dans ce format'
        : 'Modèle 3D non disponible',
    );

  app.get(
    '/api/viewer/:key/model/:file',
    {
      config: { public: true, publicCache: true },
      schema: {
        tags: ['Visionneuse'],
        description: 'Le modèle sous son adresse de contenu : `Cache-Control: public, max-age=31536000, immutable`.',
        params: modelParams,
        response: { ...modelAnswer, ...problems(404) },
      },
    },
    async (request, reply) => {
      const p = await product(request.params.key);
      const model = shownModel(p);
      // Another version's address (the model was replaced since): not this file, and not cacheable.
      if (!model || modelFileName(p) !== request.params.file) throw noModel(p);
      reply.header('Cache-Control', IMMUTABLE);
      return sendStoredFile(request, reply, files, model.key, model.type, { missing: 'Modèle 3D non disponible' });
    },
  );

  app.get(
    '/api/viewer/:key/model',
    {
      config: { public: true },
      schema: {
        tags: ['Visionneuse'],
        description: 'Le modèle à l’adresse d’avant les adresses de contenu ; non mis en cache.',
        params,
        response: { ...modelAnswer, ...problems(404) },
      },
    },
    async (request, reply) => {
      const p = await product(request.params.key);
      const model = shownModel(p);
      if (!model) throw noModel(p);
      return sendStoredFile(request, reply, files, model.key, model.type, { missing: 'Modèle 3D non disponible' });
    },
  );

  app.get(
    '/api/viewer/:key/poster/:file',
    {
      config: { public: true, publicCache: true },
      schema: {
        tags: ['Visionneuse'],
        description:
          'L’affiche de la visionneuse (le WebP de 1024 px au plus fait à l’envoi de la première photo du produit, ou cette photo pour un produit enregistré avant) : `Cache-Control: public, max-age=31536000, immutable`.',
        params: posterParams,
        response: {
          ...rangedFileAnswers(['image/png', 'image/jpeg', 'image/webp', 'image/gif'], 'L’affiche'),
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      const p = await product(request.params.key);
      if (!p.poster || posterFileName(p) !== request.params.file) throw notFound('Affiche introuvable');
      const ext = request.params.file.split('.')[1] as FileKind;
      reply.header('Cache-Control', IMMUTABLE);
      return sendStoredFile(request, reply, files, p.poster, MEDIA_TYPES[ext], { missing: 'Affiche introuvable' });
    },
  );
};

export default viewerRoutes;
