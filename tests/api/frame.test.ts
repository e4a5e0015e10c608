import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/Customers/forCurrentUser', () => {
  it('gives a Vendeur only his own customers, with their proposition counts', async () => {
    const token = await t.login('vendeur@demo.fr');
    const me = (await t.call('GET', '/api/User/current', token)).json();
    const res = await t.call('GET', '/api/Customers/forCurrentUser', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.$id).toBeDefined();
    expect(body.$values.length).toBeGreaterThan(0);
    expect(body.$values.every((c: { userId: number }) => c.userId === me.id)).toBe(true);
    const total = body.$values.reduce((s: number, c: { propositionCount: number }) => s + c.propositionCount, 0);
    expect(total).toBeGreaterThan(9);
    expect(body.$values.some((c: { propositionCount: number }) => c.propositionCount === 0)).toBe(true);
  });

  it("does not show another Vendeur's customers nor another company's", async () => {
    const mine = (await t.call('GET', '/api/Customers/forCurrentUser', await t.login('vendeur@demo.fr'))).json()
      .$values;
    const other = (await t.call('GET', '/api/Customers/forCurrentUser', await t.login('vendeur2@demo.fr'))).json()
      .$values;
    const atelier = (
      await t.call('GET', '/api/Customers/forCurrentUser', await t.login('vendeur@atelier-bois.fr'))
    ).json().$values;
    const ids = (l: Array<{ customerId: number }>) => new Set(l.map((c) => c.customerId));
    for (const id of ids(other)) expect(ids(mine).has(id)).toBe(false);
    for (const id of ids(atelier)) expect(ids(mine).has(id) || ids(other).has(id)).toBe(false);
  });

  it('gives a Manager the customers of his whole company, and an Admin all', async () => {
    const manager = (await t.call('GET', '/api/Customers/forCurrentUser', await t.login('manager@demo.fr'))).json()
      .$values;
    const admin = (await t.call('GET', '/api/Customers/forCurrentUser', await t.login('admin@demo.fr'))).json().$values;
    const vendeur = (await t.call('GET', '/api/Customers/forCurrentUser', await t.login('vendeur@demo.fr'))).json()
      .$values;
    const vendeur2 = (await t.call('GET', '/api/Customers/forCurrentUser', await t.login('vendeur2@demo.fr'))).json()
      .$values;
    expect(manager.length).toBe(vendeur.length + vendeur2.length);
    expect(admin.length).toBeGreaterThan(manager.length);
  });
});

describe('GET /api/Entreprise', () => {
  it('lists every company for an Admin and only his own for others', async () => {
    const all = (await t.call('GET', '/api/Entreprise', await t.login('admin@demo.fr'))).json().$values;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const own = (await t.call('GET', '/api/Entreprise', await t.login('directeur@demo.fr'))).json().$values;
    expect(own).toHaveLength(1);
    expect(own[0].nomEntreprise).toBe('Maison Lumière');
  });
});

describe('the API frame', () => {
  it('answers JSON 404 for an unknown API route and serves an OpenAPI document', async () => {
    const res = await t.call('GET', '/api/nimporte-quoi', null);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
    const docs = await t.call('GET', '/api/docs', null);
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths['/api/Auth/backoffice/login']).toBeDefined();
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.call('GET', '/api/User/current', null);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
