// Options of @fastify/swagger: an OpenAPI 3.1 document (JSON Schema 2020-12, the dialect zod writes),
// a bearer scheme required by default (public routes say `security: []`, ./transform.ts), and the
// multipart encodings moved where OpenAPI reads them.
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

import { openapiTransform } from './transform';

type Doc = ReturnType<typeof jsonSchemaTransformObject>;
interface Operation {
  requestBody?: { content?: Record<string, { encoding?: Record<string, { contentType: string }> }> };
  'x-multipart-encoding'?: Record<string, string>;
}

/** Each multipart operation's accepted media types per file field, as the OpenAPI `encoding` object. */
function withMultipartEncodings(doc: Doc): Doc {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const path of Object.values(paths)) {
    for (const op of Object.values(path)) {
      const encoding = op['x-multipart-encoding'];
      const media = op.requestBody?.content?.['multipart/form-data'];
      if (!encoding || !media) continue;
      media.encoding = Object.fromEntries(
        Object.entries(encoding).map(([field, contentType]) => [field, { contentType }]),
      );
      delete op['x-multipart-encoding'];
    }
  }
  return doc;
}

export const swaggerOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'API du back-office 3D/AR',
      version: '1.0.0',
      description:
        'Connexion : POST /api/Auth/backoffice/login, puis `Authorization: Bearer <jeton>` sur chaque appel. ' +
        'Toute erreur a la forme {status, title, detail} (les 400 ajoutent errors : champ → message). ' +
        'Guide de lecture : docs/api.md du dépôt.',
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Jeton rendu par POST /api/Auth/backoffice/login (12 h)',
        },
      },
    },
    security: [{ bearer: [] }],
  },
  transform: openapiTransform,
  transformObject: (input) => withMultipartEncodings(jsonSchemaTransformObject(input)),
};
