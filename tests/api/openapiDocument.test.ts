// The OpenAPI document says what the server does. These read the document itself; every answer
// of every API test is also checked against it by the test helper (tests/helpers/contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { timeZoneSchema } from '#domain/entreprise';
import { PERMISSIONS } from '#domain/permissions';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
const PUBLIC = [
  'post /api/Auth/backoffice/login',
  'get /api/Video/public/{token}',
  'get /api/Video/public/{token}/video',
  'get /api/Video/public/{token}/pdf',
  'post /api/collect',
  'get /api/viewer/{key}',
  'get /api/viewer/{key}/model',
  'get /api/viewer/{key}/model/{file}',
  'get /api/viewer/{key}/poster/{file}',
  'get /api/viewer/{key}/visit',
  'get /api/Notifications/unsubscribe/{token}',
  'post /api/Notifications/unsubscribe/{token}',
];
/** Words of zod's and Fastify's own English messages: none may reach a user. */
const ENGLISH = /\b(Invalid|expected|received|Required|Unrecognized|must|should|Too (big|small))\b/;
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'QUERY'];

const operations = () =>
  Object.entries(t.contract.doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, path, method, op: op })),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is served at /api/docs as OpenAPI 3.1 with a bearer scheme required by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('says security: [] on the public routes only, and 401 on every guarded one', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(60);
    for (const { key, op } of ops) {
      const isPublic = PUBLIC.includes(key);
      expect(op.security, key).toEqual(isPublic ? [] : undefined);
      if (!isPublic) expect(op.responses['401'], key).toBeDefined();
    }
  });

  it('documents every error with the one error shape, and ids as the server takes them', () => {
    for (const { key, op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        // A 416 (a Range outside the file) has no body at all.
        if (Number(status) < 400 || !answer.content) continue;
        expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/Probleme',
        });
      }
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' && /id$/i.test(p.name)) expect(p.schema.pattern, `${key} ${p.name}`).toBe('^\\d{1,9}$');
        // The router's limit on a path parameter (server/app.ts): a longer one never reaches the route.
        if (p.in === 'path') expect(p.schema.maxLength, `${key} ${p.name}`).toBeLessThanOrEqual(100);
      }
    }
  });

  it('gives 204s no content, and the multipart bodies their fields, limits and media types', () => {
    const ops = Object.fromEntries(operations().map((o) => [o.key, o.op]));
    for (const key of [
      'delete /api/Licence/{id}',
      'post /api/Auth/logout',
      'put /api/User/{userId}/password',
      'delete /api/Customers/{id}',
    ]) {
      expect(ops[key].responses['204'], key).toBeDefined();
      expect(ops[key].responses['204'].content, key).toBeUndefined();
    }
    for (const key of [
      'post /api/Model',
      'post /api/Model/ModelWithGroup',
      'post /api/SousOption',
      'post /api/Propositions',
      'post /api/SousOption/Batch',
      'put /api/GroupeModel/{id}',
    ]) {
      const media = ops[key].requestBody?.content['multipart/form-data'];
      expect(media, key).toBeDefined();
      const props = (media!.schema as { properties: Record<string, { format?: string; description?: string }> })
        .properties;
      const files = Object.entries(props).filter(
        ([, s]) => s.format === 'binary' || JSON.stringify(s).includes('"binary"'),
      );
      expect(files.length, key).toBeGreaterThan(0);
      expect(Object.keys(media!.encoding ?? {}).sort(), key).toEqual(files.map(([name]) => name).sort());
    }
    const proposition = ops['post /api/Propositions'].requestBody!.content['multipart/form-data'];
    expect(proposition.encoding!.pdf.contentType).toBe('application/pdf');
    expect(JSON.stringify(proposition.schema)).toContain('20 Mo');
  });

  it('states the shared rules: 32-bit ids, real dates, patterns, and what JSON Schema cannot say', () => {
    const body = (key: string) => {
      const op = operations().find((o) => o.key === key)!.op;
      return op.requestBody!.content['application/json'].schema as {
        properties: Record<string, Record<string, unknown>>;
      };
    };
    expect(JSON.stringify(body('post /api/Option').properties.idModel)).toContain('"maximum":2147483647');
    expect(JSON.stringify(body('post /api/Licence').properties.DateActivation)).toContain('"format":"date-time"');
    expect(JSON.stringify(body('post /api/Customers/NewCustomer').properties.postalCode)).toContain('(?:\\\\d{5})?');
    expect(JSON.stringify(body('post /api/Customers/NewCustomer').properties.mail)).toContain('u0000');
    const option = operations().find((o) => o.key === 'post /api/Option')!.op;
    expect(option['x-rules']).toContain('Une option Texte est soit une Bascule, soit une Liste');
  });
});

describe('what the document says of the server', () => {
  it('names the roles of PUT /api/Entreprise/{id} from the table the server checks (no Manager)', async () => {
    const op = operations().find((o) => o.key === 'put /api/Entreprise/{id}')!.op;
    expect(op['x-roles']).toEqual(PERMISSIONS['entreprise.settings']);
    expect(op.description).not.toContain('Manager');
    const manager = await t.login('manager@demo.fr');
    const own = (await t.call('GET', '/api/Entreprise', manager)).json().$values[0];
    const res = await t.call('PUT', `/api/Entreprise/${own.entrepriseId}`, manager, {
      dateValidCatalogue: '2026-01-02',
    });
    expect(res.statusCode).toBe(403);
    // Every operation guarded by a permission says its roles.
    const guarded = operations().filter(({ op }) => op['x-roles']);
    expect(guarded.length).toBeGreaterThan(8);
  });

  it('lists the canonical time zones as the enum of the field, each kept as it is', () => {
    const body = operations().find((o) => o.key === 'post /api/Entreprise')!.op.requestBody!.content['application/json']
      .schema as { properties: { TimeZone: { enum: string[] } } };
    const zones = body.properties.TimeZone.enum;
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
    for (const zone of zones) expect(timeZoneSchema.parse(zone)).toBe(zone);
  });

  it('documents 415 wherever a body is read, and no 414', () => {
    for (const { key, op } of operations()) {
      if (op.requestBody) expect(op.responses['415'], key).toBeDefined();
      expect(op.responses['414'], key).toBeUndefined();
    }
  });
});

describe('the reference page', () => {
  it('is served without a token at /api/docs/ui, its scripts from its own files (no inline script under the CSP)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/ui/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\ssrc=)[^>]*>\s*\S/);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/ui/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('answers the document promises', () => {
  it('answers 405 with Allow to a method the path does not have, 404 to an unknown path', async () => {
    const trace = await t.app.inject({
      method: 'TRACE' as 'GET',
      url: '/api/User/current',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(trace.json()).toMatchObject({ status: 405, title: 'Méthode non autorisée' });
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/entreprise' });
    expect(patch.statusCode).toBe(405);
    expect(patch.headers.allow).toBe('GET, HEAD, POST');
    const byId = await t.app.inject({ method: 'POST', url: '/api/Customers/12' });
    expect(byId.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/Nothing/here' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 405 with the documented methods as Allow to every other method, on every path', async () => {
    for (const [template, ops] of Object.entries(t.contract.doc.paths)) {
      const url = template.replace(/\{\w+\}/g, '1');
      const documented = Object.keys(ops).map((m) => m.toUpperCase());
      if (documented.includes('GET')) documented.push('HEAD');
      const allow = [...new Set(documented)].sort().join(', ');
      for (const method of HTTP_METHODS.filter((m) => !documented.includes(m))) {
        // No token: a method the path lacks is a 405 before the guard asks for one.
        const res = await t.app.inject({ method: method as 'GET', url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow, `${method} ${url}`).toBe(allow);
        if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toMatchObject({ status: 405 });
      }
    }
  });

  it('answers a body of another type than the one documented with a French 415, never a zod message', async () => {
    const form = '--b\r\nContent-Disposition: form-data; name="mail"\r\n\r\nadmin@demo.fr\r\n--b--\r\n';
    for (const [url, headers, payload] of [
      ['/api/Auth/backoffice/login', { 'content-type': 'multipart/form-data; boundary=b' }, form],
      ['/api/Auth/backoffice/login', { 'content-type': 'text/plain' }, '{"mail":"a@b.fr","password":"x"}'],
      ['/api/collect', { 'content-type': 'multipart/form-data; boundary=b' }, form],
      ['/api/Option', { 'content-type': 'application/xml', authorization: `Bearer ${admin}` }, '<a/>'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(415);
      expect(res.json(), url).toMatchObject({ status: 415, title: 'Type de contenu non pris en charge' });
      expect(res.body, url).not.toMatch(ENGLISH);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/Propositions',
      headers: { authorization: `Bearer ${admin}` },
      payload: { customerId: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toBe('Le formulaire doit être envoyé en multipart/form-data.');
  });

  it("answers zod's own refusals in French: a null body, a repeated parameter, an unknown option type", async () => {
    const nullBody = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    const repeated = await t.call('GET', '/api/ProductStatistics/Product/1?format=columns&format=list', admin);
    const option = await t.call('POST', '/api/Option', admin, { idModel: 1, typeOption: 'Rien', nomGroupe: 'Teintes' });
    for (const res of [nullBody, repeated, option]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json(), res.body).toMatchObject({ status: 400, title: 'Requête invalide' });
      expect(res.body).not.toMatch(ENGLISH);
    }
    expect(nullBody.json().detail).toMatch(/objet attendu/);
    expect(Object.keys(option.json().errors)).toEqual(['typeOption']);
  });

  it("answers a NUL or another control character in a text field with the field's own message", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'a\u0000b@c.fr', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual({ mail: 'Email invalide' });
    const customer = await t.call('POST', '/api/Customers/NewCustomer', admin, {
      nom: 'Durand',
      prenom: 'Léa',
      mail: 'lea@exemple.fr',
      mobile: '0601020304',
      compagny: 'Acme\u0007',
      city: 'Lyon\u0000',
    });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().errors).toEqual({
      compagny: "Nom de l'entreprise invalide (255 caractères max)",
      city: 'Ville invalide (100 caractères max)',
    });
  });

  it('refuses a body id beyond 32 bits with the field, never as a database error', async () => {
    const res = await t.call('POST', '/api/Option', admin, {
      idModel: 2147483648,
      typeOption: 'Coloris',
      nomGroupe: 'Teintes',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('idModel');
  });
});
