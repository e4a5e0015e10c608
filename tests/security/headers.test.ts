// ASVS 3.4 / 14.x: security headers on every answer, and no-store on every /api answer (personal data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
});
afterAll(() => t.close());

const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it.each([
    ['GET', '/api/User/current', true, 200],
    ['GET', '/api/Customers/forCurrentUser', true, 200],
    ['GET', '/api/User/current', false, 401],
    ['GET', '/api/Customers/987654', true, 404],
    ['POST', '/api/Customers/NewCustomer', true, 400],
  ] as const)('%s %s (signed in: %s) answers %i with CSP, nosniff, HSTS and no-store', async (method, url, signed, status) => {
    const res = await t.call(method, url, signed ? token : null, method === 'POST' ? {} : undefined);
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
