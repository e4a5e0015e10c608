// ASVS 3.4 / 14.x: security headers on every answer, and no-store on every /api answer (personal data).
import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SHELL_SCRIPT_SOURCE } from '../../server/http/shellScript';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
});
afterAll(() => t.close());

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it.each([
    ['GET', '/api/User/current', true, 200],
    ['GET', '/api/Customers/forCurrentUser', true, 200],
    ['GET', '/api/User/current', false, 401],
    ['GET', '/api/Customers/987654', true, 404],
    ['POST', '/api/Customers/NewCustomer', true, 400],
    // The router decodes the path: this is the /api route, and its answer is personal all the same.
    ['GET', '/%61pi/Customers/forCurrentUser', true, 200],
    ['GET', '/%61pi/Customers/forCurrentUser', false, 401],
    ['GET', '/api/nothing-here', true, 404],
  ] as const)(
    '%s %s (signed in: %s) answers %i with CSP, nosniff, HSTS and no-store',
    async (method, url, signed, status) => {
      const res = await t.call(method, url, signed ? token : null, method === 'POST' ? {} : undefined);
      expect(res.statusCode).toBe(status);
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      // No inline script but the shell's own, by its hash (server/http/shellScript.ts); WebAssembly may be
      // compiled (the dashboard's <model-viewer>), script never evaluated.
      expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${SHELL_SCRIPT_SOURCE} 'wasm-unsafe-eval'`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );
});

describe('errors raised before any route, in the API shape', () => {
  it('a malformed percent-encoding answers 400 in French, not FST_ERR_BAD_URL', async () => {
    for (const signed of [true, false]) {
      const res = await t.call('GET', '/api/User/%E0%A4%A', signed ? token : null);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        title: 'Requête invalide',
        detail: "L'adresse demandée est mal formée.",
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a path parameter over the router limit answers 400 in the API shape, as any invalid parameter', async () => {
    const res = await t.call('GET', `/api/Customers/${'1'.repeat(500)}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      title: 'Requête invalide',
      detail: "Un paramètre de l'adresse est trop long.",
    });
  });

  it('headers over the HTTP parser limit answer 431 in the API shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/User/current HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (d: Buffer) => chunks.push(d));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(head).toMatch(/cache-control: no-store/i);
    expect(JSON.parse(body)).toEqual({
      status: 431,
      title: 'En-têtes trop volumineux',
      detail: 'Les en-têtes de la requête dépassent la taille autorisée.',
    });
  });
});
