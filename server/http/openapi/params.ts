// Path and query parameters as the server takes them: a database id is 1 to 9 decimal digits (it fits
// a 32-bit column). Routes declare them on `schema.params` (or `schema.querystring`) and read a number:
// a malformed id answers 400 from the validation, before the handler runs (docs/architecture.md).
import { z } from 'zod';

import { ID_DIGITS } from '#domain/patterns';

export const ID_MESSAGE = 'Identifiant invalide (1 à 9 chiffres)';

/** The router's limit on one path parameter (server/app.ts): longer answers 400 before any route runs. */
export const MAX_PARAM_LENGTH = 100;

/** A database id in a path or a query string. */
export const idParam = z
  // A repeated query parameter arrives as an array: the same message as any other malformed id.
  .string({ error: ID_MESSAGE })
  .regex(ID_DIGITS, ID_MESSAGE)
  .meta({ description: 'Identifiant : entier décimal de 1 à 9 chiffres' });

/** The same id read as a number (documented as its digits: request schemas are documented as input). */
export const idNumber = idParam.transform(Number);

/** `{name: id}` path parameters read as numbers, e.g. idParams('id') or idParams('userId'). */
export function idParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, idNumber])) as Record<K, typeof idNumber>);
}

const bodiless = new WeakSet<z.ZodType>();

/** An answer without content (the transform documents it without a body; the route sends nothing). */
export function emptyAnswer(description: string) {
  const schema = z.undefined().meta({ description });
  bodiless.add(schema);
  return schema;
}
export const isEmptyAnswer = (schema: unknown) => bodiless.has(schema as z.ZodType);

/** A 204. */
export const noContent = emptyAnswer('Fait ; aucun contenu');

/** A 304 to If-None-Match: the representation named by the ETag is still the current one. */
export const notModified = emptyAnswer('Inchangé depuis l’ETag donné dans If-None-Match');
