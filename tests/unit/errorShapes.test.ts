// Errors the framework and its plugins raise themselves leave in the API's one shape, in French: their own
// English messages (and their error codes) never reach the client; a 413 says what was too much.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { installErrorHandler } from '../../server/http/errorHandler';

// Errors as @fastify/multipart and Fastify's body parser create them (code, English message, status).
const fastifyError = (code: string, message: string, statusCode: number) =>
  Object.assign(new Error(message), { code, statusCode });
const thrown: Record<string, () => Error> = {
  files: () => fastifyError('FST_FILES_LIMIT', 'reach files limit', 413),
  parts: () => fastifyError('FST_PARTS_LIMIT', 'reach parts limit', 413),
  fileSize: () => fastifyError('FST_REQ_FILE_TOO_LARGE', 'request file too large', 413),
  body: () => fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large', 413),
  notMultipart: () => fastifyError('FST_INVALID_MULTIPART_CONTENT_TYPE', 'the request is not multipart', 406),
  range: () => fastifyError('FST_SOMETHING', 'Range Not Satisfiable', 416),
  teapot: () => fastifyError('FST_TEAPOT', "I'm a teapot", 418),
  nul: () =>
    Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    }),
};

const app = Fastify();
beforeAll(async () => {
  installErrorHandler(app);
  for (const [name, make] of Object.entries(thrown))
    app.get(`/${name}`, async () => {
      throw make();
    });
  await app.ready();
});
afterAll(() => app.close());

const get = async (name: string) => {
  const res = await app.inject({ url: `/${name}` });
  return { status: res.statusCode, body: res.json(), raw: res.body };
};

describe('framework and plugin errors', () => {
  it.each([
    ['files', 413, 'Trop de fichiers'],
    ['parts', 413, 'Formulaire trop long'],
    ['fileSize', 413, 'Fichier trop volumineux'],
    ['body', 413, 'Requête trop volumineuse'],
  ])('%s answers %i "%s"', async (name, status, title) => {
    const res = await get(name);
    expect(res.status).toBe(status);
    expect(res.body.title).toBe(title);
    expect(Object.keys(res.body).sort()).toEqual(['detail', 'status', 'title']);
  });

  it.each(['notMultipart', 'range', 'teapot'])('%s: a French detail, no English message, no code', async (name) => {
    const res = await get(name);
    expect(res.body.status).toBe(res.status);
    expect(res.raw).not.toMatch(/FST_|multipart data|teapot|Range Not|"error"|"code"/);
    expect(res.body.detail).toMatch(/[éèàç]|La requête|Le formulaire/);
  });

  it('a NUL the database refuses says so, not "hors des limites"', async () => {
    const res = await get('nul');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      title: 'Requête invalide',
      detail: 'Un champ contient un caractère non autorisé.',
    });
  });
});
