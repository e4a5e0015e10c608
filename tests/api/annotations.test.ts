// The notes of the dashboard's time chart (domain/annotation.ts, server/analytics/routes/annotations.ts):
// every role of a company reads them, Admin/Directeur/Manager add and delete them, nobody reaches another
// company's, bad input answers the field's French message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ANNOTATION_MESSAGES } from '#domain/annotation';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let directeur: string;
let vendeur: string;
let atelier: string;
let admin: string;
let maison: number;
let atelierId: number;
let maisonProduct: number;
let atelierProduct: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  directeur = await t.login('directeur@demo.fr');
  vendeur = await t.login('vendeur@demo.fr');
  atelier = await t.login('directeur@atelier-bois.fr');
  const companies = (await t.call('GET', '/api/Entreprise', admin)).json().$values;
  maison = companies.find((e: { nomEntreprise: string }) => e.nomEntreprise === 'Maison Lumière').entrepriseId;
  atelierId = companies.find(
    (e: { nomEntreprise: string }) => e.nomEntreprise === 'Atelier Bois & Design',
  ).entrepriseId;
  maisonProduct = (await t.call('GET', `/api/Produit/Entreprise/${maison}`, directeur)).json().$values[0].produitId;
  atelierProduct = (await t.call('GET', `/api/Produit/Entreprise/${atelierId}`, atelier)).json().$values[0].produitId;
});
afterAll(() => t.close());

const url = (id: number) => `/api/Annotation/Entreprise/${id}`;

describe('notes of the time chart', () => {
  it('a Directeur adds a company note and a product note; every role of the company reads them by date', async () => {
    const product = await t.call('POST', url(maison), directeur, {
      jour: '2026-11-20',
      texte: '  Nouveau modèle 3D  ',
      idGroupeModel: maisonProduct,
    });
    expect(product.statusCode).toBe(201);
    expect(product.json()).toMatchObject({
      jour: '2026-11-20',
      texte: 'Nouveau modèle 3D',
      idGroupeModel: maisonProduct,
    });
    const company = await t.call('POST', url(maison), directeur, { jour: '2026-11-02', texte: 'Campagne Instagram' });
    expect(company.statusCode).toBe(201);
    expect(company.json().idGroupeModel).toBeNull();

    const read = await t.call('GET', url(maison), vendeur);
    expect(read.statusCode).toBe(200);
    expect(read.json().$values.map((a: { texte: string }) => a.texte)).toEqual([
      'Campagne Instagram',
      'Nouveau modèle 3D',
    ]);
  });

  it('a Vendeur may not add or delete one (403), whatever the screens show', async () => {
    expect((await t.call('POST', url(maison), vendeur, { jour: '2026-11-03', texte: 'Soldes' })).statusCode).toBe(403);
    const [first] = (await t.call('GET', url(maison), vendeur)).json().$values;
    expect((await t.call('DELETE', `/api/Annotation/${first.id}`, vendeur)).statusCode).toBe(403);
  });

  it("another company's notes answer 404 to read, add and delete; its product is refused on the field", async () => {
    const [first] = (await t.call('GET', url(maison), directeur)).json().$values;
    expect((await t.call('GET', url(maison), atelier)).statusCode).toBe(404);
    expect((await t.call('POST', url(maison), atelier, { jour: '2026-11-03', texte: 'x' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/Annotation/${first.id}`, atelier)).statusCode).toBe(404);
    const foreign = await t.call('POST', url(maison), directeur, {
      jour: '2026-11-03',
      texte: 'Produit étranger',
      idGroupeModel: atelierProduct,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ idGroupeModel: ANNOTATION_MESSAGES.produit });
    // Still only Maison Lumière's two notes.
    expect((await t.call('GET', url(maison), directeur)).json().$values).toHaveLength(2);
  });

  it('bad input answers the French message of its field and stores nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ jour: '2026-02-31', texte: 'Février' }, 'jour', ANNOTATION_MESSAGES.jour],
      [{ jour: '20/11/2026', texte: 'Format' }, 'jour', ANNOTATION_MESSAGES.jour],
      [{ jour: '2026-11-20', texte: '   ' }, 'texte', ANNOTATION_MESSAGES.texteRequired],
      [{ jour: '2026-11-20', texte: 'x'.repeat(121) }, 'texte', ANNOTATION_MESSAGES.texteInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.call('POST', url(maison), directeur, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    }
    expect((await t.call('GET', url(maison), directeur)).json().$values).toHaveLength(2);
  });

  it('an Admin manages a client company’s notes; a deleted note is gone', async () => {
    const added = await t.call('POST', url(atelierId), admin, { jour: '2026-10-01', texte: 'Salon du meuble' });
    expect(added.statusCode).toBe(201);
    expect(added.json().entrepriseId).toBe(atelierId);
    expect((await t.call('DELETE', `/api/Annotation/${added.json().id}`, admin)).statusCode).toBe(204);
    expect((await t.call('GET', url(atelierId), atelier)).json().$values).toHaveLength(0);
    expect((await t.call('DELETE', `/api/Annotation/${added.json().id}`, admin)).statusCode).toBe(404);
  });
});
