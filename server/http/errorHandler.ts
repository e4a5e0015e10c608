// Every error leaves as JSON {status, title, detail}; validation errors also carry {errors: {field: message}}.
import type { Duplex } from 'node:stream';

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { MULTIPART_REQUIRED, UNSUPPORTED_TITLE } from './bodyTypes';
import { HttpError } from './errors';

function fieldErrors(err: FastifyError): Record<string, string> {
  const out: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(err)) {
    for (const issue of err.validation) {
      const field =
        String(issue.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.') || '_';
      out[field] ??= issue.message ?? 'Valeur invalide';
    }
  }
  return out;
}

// A malformed or truncated multipart body: busboy's errors carry no status (they would read as a 500).
const BROKEN_MULTIPART =
  /^(Unexpected end of (multipart data|form|file)|Multipart: Boundary not found|Malformed part header)/;
// The database cannot be reached (stopped, restarting, network gone): node errors, pg pool messages and
// PostgreSQL's own classes 08 (connection exception) and 57P (operator intervention: shutdown).
const DB_GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const DB_GONE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Connection refused|server closed the connection/i;

/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err as { cause?: unknown } | undefined, n = 0; e && n < 6; e = e.cause as typeof e, n++)
    yield e as { code?: unknown; message?: unknown };
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
function dataExceptionCode(err: unknown): string | null {
  for (const e of chain(err)) if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  return null;
}
/** A character the database cannot store (NUL in text: 22021, 22P05). The schemas refuse them first. */
const BAD_CHARACTER_CODES = new Set(['22021', '22P05']);

export const ERROR_TITLES = { badRequest: 'Requête invalide', internal: 'Erreur interne' } as const;

/**
 * French details of the errors the framework and its plugins raise themselves (their own messages are
 * English and say how the server is built): by code first, then by status.
 */
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: "L'adresse demandée est mal formée.",
  FST_ERR_MAX_PARAM_LENGTH: "Un paramètre de l'adresse est trop long.",
  FST_INVALID_MULTIPART_CONTENT_TYPE: MULTIPART_REQUIRED,
  FST_INVALID_JSON_FIELD_ERROR: "Un champ du formulaire déclaré JSON n'est pas un JSON valide.",
  FST_PROTO_VIOLATION: "Un nom de champ du formulaire n'est pas autorisé.",
  FST_MP_PREMATURE_CLOSE: 'Le formulaire envoyé est incomplet ou mal formé.',
};
const STATUS_DETAILS: Record<number, { title: string; detail: string }> = {
  400: { title: ERROR_TITLES.badRequest, detail: 'La requête est mal formée.' },
  404: { title: 'Introuvable', detail: 'Ressource introuvable' },
  405: { title: 'Méthode non autorisée', detail: "Cette méthode n'est pas acceptée à cette adresse." },
  406: { title: ERROR_TITLES.badRequest, detail: 'Le format demandé ne peut pas être fourni.' },
  408: { title: 'Délai dépassé', detail: "La requête n'a pas été reçue à temps." },
  411: { title: ERROR_TITLES.badRequest, detail: 'La longueur du corps de la requête est requise.' },
  414: { title: 'Adresse trop longue', detail: "L'adresse demandée est trop longue." },
  416: { title: 'Plage invalide', detail: "La plage demandée n'est pas disponible." },
  429: { title: 'Trop de requêtes', detail: 'Trop de requêtes : réessayez dans quelques instants.' },
  431: { title: 'En-têtes trop volumineux', detail: 'Les en-têtes de la requête dépassent la taille autorisée.' },
};
/** 413s say what was too much: a file, a body, or too many parts (not every 413 is a file's size). */
const TOO_LARGE: Record<string, { title: string; detail: string }> = {
  FST_REQ_FILE_TOO_LARGE: { title: 'Fichier trop volumineux', detail: 'La taille maximale autorisée est dépassée.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    title: 'Requête trop volumineuse',
    detail: 'Le corps de la requête dépasse la taille autorisée.',
  },
  FST_FILES_LIMIT: {
    title: 'Trop de fichiers',
    detail: "Le formulaire contient plus de fichiers que cette action n'en accepte.",
  },
  FST_PARTS_LIMIT: {
    title: 'Formulaire trop long',
    detail: "Le formulaire contient plus de parties que cette action n'en accepte.",
  },
  FST_FIELDS_LIMIT: {
    title: 'Formulaire trop long',
    detail: "Le formulaire contient plus de champs que cette action n'en accepte.",
  },
};
const FALLBACK_4XX = { title: ERROR_TITLES.badRequest, detail: 'La requête ne peut pas être traitée.' };

/** The one JSON shape of an error the framework raised itself. */
export function frameworkProblem(
  status: number,
  code: string | undefined,
): { status: number; title: string; detail: string } {
  if (status >= 500)
    return { status: 500, title: ERROR_TITLES.internal, detail: 'Une erreur inattendue est survenue.' };
  const byStatus = STATUS_DETAILS[status] ?? FALLBACK_4XX;
  return { status, title: byStatus.title, detail: (code && FRAMEWORK_DETAILS[code]) || byStatus.detail };
}

/**
 * Fastify's `frameworkErrors`: a malformed percent-encoding, a path parameter over the router's limit, a
 * failing constraint. Answered before any route ran, in the API's shape instead of Fastify's.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // A parameter over the router's limit is a parameter over its schema's maxLength: the 400 the document
  // gives every invalid parameter, not Fastify's 414 (which no operation could document as its own).
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : (error.statusCode ?? 400);
  const problem = frameworkProblem(status, error.code);
  void reply.status(problem.status).header('Cache-Control', 'no-store').send(problem);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers over 16 KB: 431, a
 * timeout: 408, anything else: 400) before Fastify saw it. The answer is written on the socket by hand,
 * in the API's shape, then the connection is closed as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(frameworkProblem(status, undefined));
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send({ status: error.status, title: error.title, detail: error.detail, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const detail = Object.entries(errors)
        .map(([f, m]) => (f === '_' ? m : `${f} : ${m}`))
        .join(' ; ');
      return reply.status(400).send({ status: 400, title: 'Requête invalide', detail, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ event: 'db.unavailable', code: error.code, url: request.url }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({
        status: 503,
        title: 'Service indisponible',
        detail: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.',
      });
    }
    const dataCode = dataExceptionCode(error);
    if (dataCode) {
      const detail = BAD_CHARACTER_CODES.has(dataCode)
        ? 'Un champ contient un caractère non autorisé.'
        : 'Une valeur envoyée est hors des limites acceptées.';
      return reply.status(400).send({ status: 400, title: 'Requête invalide', detail });
    }
    if (!error.statusCode && BROKEN_MULTIPART.test(error.message ?? '')) {
      return reply
        .status(400)
        .send({ status: 400, title: 'Requête invalide', detail: 'Le formulaire envoyé est incomplet ou mal formé.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ status, ...(TOO_LARGE[error.code] ?? TOO_LARGE.FST_REQ_FILE_TOO_LARGE) });
    }
    if (status === 415 || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      const detail =
        error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
          ? FRAMEWORK_DETAILS.FST_INVALID_MULTIPART_CONTENT_TYPE
          : "Le type de contenu du corps n'est pas accepté à cette adresse.";
      return reply.status(415).send({ status: 415, title: UNSUPPORTED_TITLE, detail });
    }
    if (error.code === 'FST_INVALID_JSON_FIELD_ERROR') {
      return reply.status(400).send(frameworkProblem(400, error.code));
    }
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_ERR_CTP')) {
      return reply
        .status(400)
        .send({ status: 400, title: 'Requête invalide', detail: 'Le corps de la requête doit être un JSON valide.' });
    }
    if (status >= 400 && status < 500) {
      // The framework's and plugins' own errors: their English messages never reach the user.
      return reply.status(status).send(frameworkProblem(status, error.code));
    }
    if (status === 503) {
      return reply.status(503).send({ status, title: 'Service indisponible', detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ status: 500, title: 'Erreur interne', detail: 'Une erreur inattendue est survenue.' });
  });
}
