// The viewer's data (docs/viewer.md): each product's public key in its own company's answers, and the
// company's quote URL and framing origins, set by an Admin or a Directeur only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let directeur: string;
let manager: string;
let atelier: string;
const company: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  directeur = await t.login('directeur@demo.fr');
  manager = await t.login('manager@demo.fr');
  atelier = await t.login('directeur@atelier-bois.fr');
  for (const e of (await t.call('GET', '/api/Entreprise', admin)).json().$values)
    company[e.nomEntreprise] = e.entrepriseId;
});
afterAll(() => t.close());

describe('publicKey', () => {
  it('is random, distinct per product and shown in the product lists of its company', async () => {
    const groupes = (await t.call('GET', '/api/GroupeModel', directeur)).json().$values;
    const produits = (await t.call('GET', `/api/Produit/Entreprise/${company['Maison Lumière']}`, directeur)).json()
      .$values;
    expect(groupes.length).toBeGreaterThan(0);
    for (const g of groupes) expect(g.publicKey).toMatch(/^[0-9a-f]{32}$/);
    const keys = new Set(produits.map((p: { publicKey: string }) => p.publicKey));
    expect(keys.size).toBe(produits.length);
    for (const g of groupes) expect(keys.has(g.publicKey)).toBe(true);
  });

  it("is never given to another company's user", async () => {
    expect((await t.call('GET', `/api/Produit/Entreprise/${company['Maison Lumière']}`, atelier)).statusCode).toBe(404);
    const own = (await t.call('GET', '/api/GroupeModel', atelier)).json().$values;
    const maison = (await t.call('GET', '/api/GroupeModel', directeur))
      .json()
      .$values.map((g: { publicKey: string }) => g.publicKey);
    for (const g of own) expect(maison).not.toContain(g.publicKey);
  });
});

describe('PUT /api/Entreprise/{id}: quote URL and frame origins', () => {
  const url = () => `/api/Entreprise/${company['Maison Lumière']}`;

  it('the Directeur sets them; GET answers them; origins are normalised', async () => {
    const res = await t.call('PUT', url(), directeur, {
      quoteUrl: 'https://shop.example.fr/devis?src=3d',
      frameOrigins: ['https://shop.example.fr/', 'https://shop.example.fr'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      quoteUrl: 'https://shop.example.fr/devis?src=3d',
      frameOrigins: ['https://shop.example.fr'],
    });
    expect((await t.call('GET', url(), manager)).json()).toMatchObject({
      quoteUrl: 'https://shop.example.fr/devis?src=3d',
      frameOrigins: ['https://shop.example.fr'],
    });
  });

  it('an Admin sets them for any company', async () => {
    const res = await t.call('PUT', `/api/Entreprise/${company['Atelier Bois & Design']}`, admin, {
      quoteUrl: 'https://atelier.example.fr/contact',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().quoteUrl).toBe('https://atelier.example.fr/contact');
  });

  it('a Manager may not change them (403), and company settings are not his (docs/permissions.md)', async () => {
    expect((await t.call('PUT', url(), manager, { quoteUrl: 'https://evil.example.com/' })).statusCode).toBe(403);
    expect((await t.call('PUT', url(), manager, { frameOrigins: ['https://evil.example.com'] })).statusCode).toBe(403);
    const current = (await t.call('GET', url(), manager)).json();
    expect((await t.call('PUT', url(), manager, { ...current, dateValidCatalogue: '2026-01-02' })).statusCode).toBe(
      403,
    );
    expect((await t.call('GET', url(), manager)).json()).toEqual(current);
  });

  it('a Directeur sends them back unchanged with the catalogue date', async () => {
    const current = (await t.call('GET', url(), directeur)).json();
    const res = await t.call('PUT', url(), directeur, { ...current, dateValidCatalogue: '2026-01-02' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dateValidCatalogue: '2026-01-02',
      quoteUrl: current.quoteUrl,
      frameOrigins: current.frameOrigins,
    });
  });

  it('refuses what is not https, origins with a path, and another company (404)', async () => {
    for (const body of [
      { quoteUrl: 'http://shop.example.fr/devis' },
      { quoteUrl: 'javascript:alert(1)' },
      { frameOrigins: ['https://shop.example.fr/page'] },
      { frameOrigins: ['http://shop.example.fr'] },
      { frameOrigins: ["https://a.fr 'unsafe-inline'"] },
      { frameOrigins: ['*'] },
    ]) {
      const res = await t.call('PUT', url(), directeur, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    expect((await t.call('PUT', url(), atelier, { quoteUrl: 'https://a.fr/' })).statusCode).toBe(404);
  });

  it('refuses what would extend the CSP: wildcards, directives, bad hosts, each with its French message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['https://*', /jokers/],
      ['https://*.example.com', /jokers/],
      ['https://a.com;sandbox', /^Origine invalide/],
      ['https://x.com;script-src', /^Origine invalide/],
      ['https://a.com,https://b.com', /^Origine invalide/],
      ['https://user@a.com', /^Origine invalide/],
      ['https://a.com?x=1', /^Origine invalide/],
      ['https://localhost', /^Nom de domaine invalide/],
      ['https://-a.com', /^Nom de domaine invalide/],
      ['https://a..com', /^Nom de domaine invalide/],
      ['https://a.com:99999', /^Nom de domaine invalide/],
      ['https://10.0.0.1', /^Nom de domaine invalide/],
    ];
    for (const [origin, message] of cases) {
      const res = await t.call('PUT', url(), directeur, { frameOrigins: ['https://ok.example.fr', origin] });
      expect(res.statusCode, origin).toBe(400);
      const errors = Object.values(res.json().errors as Record<string, string>);
      expect(errors, origin).toHaveLength(1);
      expect(errors[0], origin).toMatch(message);
    }
    const stored = (await t.call('GET', url(), directeur)).json().frameOrigins;
    expect(stored).not.toContain('https://ok.example.fr');
  });

  it('takes a port, converts an IDN to punycode, and drops the default port', async () => {
    const res = await t.call('PUT', url(), directeur, {
      frameOrigins: ['https://Boutique.Example.fr:8443', 'https://café.example.fr', 'https://shop.example.fr:443/'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().frameOrigins).toEqual([
      'https://boutique.example.fr:8443',
      'https://xn--caf-dma.example.fr',
      'https://shop.example.fr',
    ]);
  });

  it('an empty quote URL clears it', async () => {
    const res = await t.call('PUT', url(), directeur, { quoteUrl: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().quoteUrl).toBeNull();
  });
});
