// A body of a type the route does not read answers 415 in the API's shape, before validation: a JSON
// route given a form or text would otherwise be validated as `null` or a string and answer zod's
// "objet attendu" on the whole body. Fastify itself answers 415 to a type it has no parser for, and
// @fastify/multipart to a part read from another type (both mapped in ./errorHandler.ts).
import './openapi/multipart';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from './errors';

export const UNSUPPORTED_TITLE = 'Type de contenu non pris en charge';
export const JSON_BODY_REQUIRED = 'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json).';
export const MULTIPART_REQUIRED = 'Le formulaire doit être envoyé en multipart/form-data.';

export const unsupportedMediaType = (detail: string) => new HttpError(415, UNSUPPORTED_TITLE, detail);

/** The media type of the request's body, lower case, without its parameters ('' without a header). */
export function mediaType(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

/**
 * Every route refuses with 415 a declared body type its document does not give: a JSON body schema
 * (`schema.body`) takes application/json, a multipart one (`schema.multipart`) multipart/form-data, a body
 * read by hand (`schema.documentedBody`) the types it lists. A request without Content-Type goes on to the
 * route, whose own check answers 400.
 */
export function installBodyTypeCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const documented = route.schema?.multipart
      ? ['multipart/form-data']
      : (route.schema?.documentedBody?.contentTypes ?? (route.schema?.body ? ['application/json'] : undefined));
    if (!documented) return;
    const accepted = documented;
    const detail = route.schema?.multipart
      ? MULTIPART_REQUIRED
      : route.schema?.body
        ? JSON_BODY_REQUIRED
        : `Le corps de la requête doit être envoyé en ${documented.join(' ou ')}.`;
    const check = async (request: FastifyRequest) => {
      const type = mediaType(request);
      if (type && !accepted.includes(type)) throw unsupportedMediaType(detail);
    };
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
}
