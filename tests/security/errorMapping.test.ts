// The shared error mapping: a lost database answers 503 with a clear French message (and Retry-After), a
// value out of the database's range and a broken multipart body answer 400, anything else a 500 that
// says nothing of the internals.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { installErrorHandler } from '../../server/http/errorHandler';

const app = Fastify();
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select ...'), { cause });
const throwers: Record<string, () => Error> = {
  refused: () => wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
  terminated: () => wrapped(new Error('Connection terminated unexpectedly')),
  shutdown: () =>
    wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
  timeout: () => new Error('timeout exceeded when trying to connect'),
  range: () =>
    wrapped(Object.assign(new Error('value "8231001646200342" is out of range for type integer'), { code: '22003' })),
  multipart: () => new Error('Unexpected end of form'),
  other: () => new Error('secret internal detail at /srv/app.ts:42'),
  // @fastify/multipart's error when a multipart route is sent JSON (a 406 there).
  notMultipart: () =>
    Object.assign(new Error('the request is not multipart'), {
      code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
      statusCode: 406,
    }),
  // Fastify's own refusal of a body type it has no parser for.
  mediaType: () =>
    Object.assign(new Error('Unsupported Media Type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }),
};

beforeAll(async () => {
  installErrorHandler(app);
  for (const [name, make] of Object.entries(throwers))
    app.get(`/${name}`, async () => {
      throw make();
    });
  await app.ready();
});
afterAll(() => app.close());

describe('error mapping', () => {
  it.each(['refused', 'terminated', 'shutdown', 'timeout'])('a lost database (%s) answers 503', async (name) => {
    const res = await app.inject({ url: `/${name}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 503,
      title: 'Service indisponible',
      detail: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.',
    });
  });

  it('a value out of range answers 400', async () => {
    const res = await app.inject({ url: '/range' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Une valeur envoyée est hors des limites acceptées.');
  });

  it('a truncated multipart body answers 400', async () => {
    const res = await app.inject({ url: '/multipart' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Le formulaire envoyé est incomplet ou mal formé.');
  });

  it('anything else is a 500 that leaks nothing', async () => {
    const res = await app.inject({ url: '/other' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ status: 500, title: 'Erreur interne', detail: 'Une erreur inattendue est survenue.' });
  });

  it.each([
    ['notMultipart', 'Le formulaire doit être envoyé en multipart/form-data.'],
    ['mediaType', "Le type de contenu du corps n'est pas accepté à cette adresse."],
  ])('a body of the wrong type (%s) answers a French 415', async (name, detail) => {
    const res = await app.inject({ url: `/${name}` });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 415, title: 'Type de contenu non pris en charge', detail });
  });
});
