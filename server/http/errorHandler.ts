// Every error leaves as JSON {status, title, detail}; validation errors also carry {errors: {field: message}}.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

function fieldErrors(err: FastifyError): Record<string, string> {
  const out: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(err)) {
    for (const issue of err.validation) {
      const field = String(issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
      out[field] ??= issue.message ?? 'Valeur invalide';
    }
  }
  return out;
}

// A malformed or truncated multipart body: busboy's errors carry no status (they would read as a 500).
const BROKEN_MULTIPART = /^(Unexpected end of (multipart data|form|file)|Multipart: Boundary not found|Malformed part header)/;
// The database cannot be reached (stopped, restarting, network gone): node errors, pg pool messages and
// PostgreSQL's own classes 08 (connection exception) and 57P (operator intervention: shutdown).
const DB_GONE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03']);
const DB_GONE_MESSAGE = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Connection refused|server closed the connection/i;

/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err as { cause?: unknown } | undefined, n = 0; e && n < 6; e = e.cause as typeof e, n++) yield e as { code?: unknown; message?: unknown };
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DB_GONE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && DB_GONE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL class 22 (data exception: a number out of range, a malformed value) comes from the input. */
function isDataException(err: unknown): boolean {
  for (const e of chain(err)) if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  return false;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ status: error.status, title: error.title, detail: error.detail, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const detail = Object.entries(errors).map(([f, m]) => (f === '_' ? m : `${f} : ${m}`)).join(' ; ');
      return reply.status(400).send({ status: 400, title: 'Requête invalide', detail, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ event: 'db.unavailable', code: error.code, url: request.url }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ status: 503, title: 'Service indisponible', detail: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.' });
    }
    if (isDataException(error)) {
      return reply.status(400).send({ status: 400, title: 'Requête invalide', detail: 'Une valeur envoyée est hors des limites acceptées.' });
    }
    if (!error.statusCode && BROKEN_MULTIPART.test(error.message ?? '')) {
      return reply.status(400).send({ status: 400, title: 'Requête invalide', detail: 'Le formulaire envoyé est incomplet ou mal formé.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ status, title: 'Fichier trop volumineux', detail: 'La taille maximale autorisée est dépassée.' });
    }
    if (status === 415 || (status >= 400 && status < 500 && error.code?.startsWith('FST_ERR_CTP'))) {
      return reply.status(400).send({ status: 400, title: 'Requête invalide', detail: 'Le corps de la requête doit être un JSON valide.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ status, title: 'Requête invalide', detail: error.message });
    }
    if (status === 503) {
      return reply.status(503).send({ status, title: 'Service indisponible', detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 500, title: 'Erreur interne', detail: 'Une erreur inattendue est survenue.' });
  });
}
