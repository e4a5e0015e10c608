// Issue 21: the OpenAPI document says what the server does. These read the document itself; every answer
// of every API test is also checked against it by the test helper (tests/helpers/contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
const PUBLIC = [
  'post /api/Auth/backoffice/login',
  'get /api/Video/public/{token}',
  'post /api/collect',
  'get /api/viewer/{key}',
  'get /api/viewer/{key}/model',
];

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
