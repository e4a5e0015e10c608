// The public viewer's data by product key (docs/viewer.md): GET /api/viewer/{key} (name, price, model and
// quote URLs) and GET /api/viewer/{key}/model (the model as glTF). An STL is converted to GLB on its first
// view and the result kept beside the upload; FBX and STEP have no model URL (the page says so).
import fs from 'node:fs';

import { z } from 'zod';

import type { RoutePlugin } from '../../deps';
import { sniff } from '../../files/sniff';
import { stlToGlb } from '../../files/stlToGlb';
import type { FileStorage } from '../../files/storage';
import { notFound } from '../../http/errors';
import { fileAnswer } from '../../http/openapi/files';
import { problems } from '../../http/openapi/problem';
import { viewerProduct } from './viewerProduct';
import { visitQuery, visitSchema } from './visitTokens';

type ModelFormat = 'glb' | 'gltf' | 'stl' | 'fbx' | 'step';

/** The stored model's format, read from its first bytes (never from a name). */
function formatOf(files: FileStorage, key: string | null): ModelFormat | null {
  if (!files.exists(key)) return null;
  const fd = fs.openSync(files.pathOf(key), 'r');
  try {
    const head = Buffer.alloc(4096);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    const kind = sniff(head.subarray(0, n));
    // A binary STL is recognised by its exact length, which a 4 KB head cannot show.
    if (!kind && n >= 84 && fs.fstatSync(fd).size === 84 + head.readUInt32LE(80) * 50) return 'stl';
    return kind === 'glb' || kind === 'gltf' || kind === 'stl' || kind === 'fbx' || kind === 'step' ? kind : null;
  } finally {
    fs.closeSync(fd);
  }
}

const viewable = (f: ModelFormat | null) => f === 'glb' || f === 'gltf' || f === 'stl';

/** The converted GLB of a stored STL, made once and kept beside it (same name, ".glb" added). */
async function convertedStl(files: FileStorage, key: string): Promise<string> {
  const target = `${files.pathOf(key)}.glb`;
  if (!fs.existsSync(target)) {
    const glb = stlToGlb(await fs.promises.readFile(files.pathOf(key)));
    const temp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, glb, { mode: 0o600 });
    await fs.promises.rename(temp, target);
  }
  return target;
}

export const viewerInfoSchema = z.object({
  nom: z.string(),
  prix: z.number().nullable(),
  modelUrl: z.string().nullable(),
  /** Set when the product has a model the viewer cannot show (FBX, STEP). */
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
      const format = formatOf(files, product.chemin3d);
      return {
        nom: product.nom,
        prix: product.prix === null ? null : Number(product.prix),
        modelUrl: viewable(format) ? `/api/viewer/${request.params.key}/model` : null,
        unsupportedFormat: format && !viewable(format) ? format : null,
        quoteUrl: product.quoteUrl,
        ...(request.query.session && {
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
          ...fileAnswer(
            ['model/gltf-binary', 'model/gltf+json'],
            'Le modèle 3D (GLB, ou glTF ; un STL converti en GLB)',
          ),
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      const product = await viewerProduct(db, request.params.key);
      if (!product) throw notFound('Visionneuse introuvable');
      const format = formatOf(files, product.chemin3d);
      if (!viewable(format)) throw notFound('Modèle 3D non disponible dans ce format');
      const file = format === 'stl' ? await convertedStl(files, product.chemin3d!) : files.pathOf(product.chemin3d!);
      reply
        .type(format === 'gltf' ? 'model/gltf+json' : 'model/gltf-binary')
        .header('Content-Length', fs.statSync(file).size);
      return reply.send(fs.createReadStream(file) as never);
    },
  );
};

export default viewerRoutes;
