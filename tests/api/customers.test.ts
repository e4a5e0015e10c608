// Customers API: CRUD round trip, every validation rule of docs/product.md §2.5 (400, nothing stored),
// cascade delete of propositions and their files, and tenant / role isolation (404).
import fs from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { customers, propositions } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { propositionForm } from './propositions.multipart';

let t: TestApp;
const token: Record<string, string> = {};
const userId: Record<string, number> = {};
const ACCOUNTS = {
  vendeur: 'vendeur@demo.fr',
  vendeur2: 'vendeur2@demo.fr',
  manager: 'manager@demo.fr',
  directeur: 'directeur@demo.fr',
  admin: 'admin@demo.fr',
  atelier: 'vendeur@atelier-bois.fr',
  atelierDirecteur: 'directeur@atelier-bois.fr',
};

const valid = {
  nom: 'Lefèvre-Dupont',
  prenom: 'Anaïs',
  mail: 'anais.lefevre@exemple.fr',
  mobile: '0612345678',
  adress: '12 rue des Lilas',
  city: 'Lyon',
  postalCode: '69003',
  commentaire: 'Rappeler en juin',
  createdAt: new Date().toISOString(),
  compagny: 'SARL Lilas',
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, mail] of Object.entries(ACCOUNTS)) {
    token[k] = await t.login(mail);
    userId[k] = (await t.call('GET', '/api/User/current', token[k])).json().id;
  }
});
afterAll(() => t.close());

const countCustomers = async () => (await t.database.db.select().from(customers)).length;
const create = async (who = 'vendeur', body: object = valid) =>
  t.call('POST', '/api/Customers/NewCustomer', token[who], body);

describe('customer CRUD', () => {
  it('creates, reads, updates, lists and deletes a customer', async () => {
    const created = await create();
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      nom: 'Lefèvre-Dupont',
      prenom: 'Anaïs',
      mail: valid.mail,
      mobile: valid.mobile,
      adress: valid.adress,
      city: 'Lyon',
      postalCode: '69003',
      commentaire: 'Rappeler en juin',
      compagny: 'SARL Lilas',
      userId: userId.vendeur,
      propositionCount: 0,
      propositions: [],
    });

    const read = await t.call('GET', `/api/Customers/${c.customerId}`, token.vendeur);
    expect(read.statusCode).toBe(200);
    expect(read.json().mail).toBe(valid.mail);

    const put = await t.call('PUT', `/api/Customers/${c.customerId}`, token.vendeur, {
      customerId: c.customerId,
      nom: 'Lefèvre',
      prenom: 'Anaïs',
      mail: 'anais@exemple.fr',
      mobile: '0699999999',
      adress: '3 quai Perrache',
      city: 'Lyon',
      postalCode: ' 69002 ',
      commentaire: '',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      nom: 'Lefèvre',
      mail: 'anais@exemple.fr',
      mobile: '0699999999',
      postalCode: '69002',
      commentaire: null,
      compagny: 'SARL Lilas',
    });

    const list = (await t.call('GET', '/api/Customers/forCurrentUser', token.vendeur)).json().$values;
    expect(list.find((x: { customerId: number }) => x.customerId === c.customerId)?.nom).toBe('Lefèvre');

    expect((await t.call('DELETE', `/api/Customers/${c.customerId}`, token.vendeur)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/Customers/${c.customerId}`, token.vendeur)).statusCode).toBe(404);
  });

  it('returns a customer with its propositions', async () => {
    const list = (await t.call('GET', '/api/Customers/forCurrentUser', token.vendeur)).json().$values;
    const withProps = list.find((c: { propositionCount: number }) => c.propositionCount > 1);
    const detail = (await t.call('GET', `/api/Customers/${withProps.customerId}`, token.vendeur)).json();
    expect(detail.propositions).toHaveLength(withProps.propositionCount);
    expect(detail.propositions[0]).toMatchObject({ customerId: withProps.customerId, hasPdf: true });
  });

  it('answers 400 for a non-numeric id and 404 for an unknown one', async () => {
    expect((await t.call('GET', '/api/Customers/abc', token.vendeur)).statusCode).toBe(400);
    const missing = await t.call('GET', '/api/Customers/999999', token.vendeur);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Client non trouvé');
  });
});

describe('customer validation (docs/product.md §2.5): 400 with the message, nothing stored', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['nom missing', { nom: undefined }, 'nom', 'Nom requis'],
    ['nom blank', { nom: '   ' }, 'nom', 'Nom requis'],
    ['nom with a digit', { nom: 'Dupont2' }, 'nom', 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
    ['nom over 50', { nom: 'A'.repeat(51) }, 'nom', 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
    ['prenom missing', { prenom: '' }, 'prenom', 'Prénom requis'],
    [
      'prenom with a symbol',
      { prenom: 'Jean!' },
      'prenom',
      'Prénom invalide (50 caractères max, lettres et espaces seulement)',
    ],
    [
      'prenom over 50',
      { prenom: 'é'.repeat(51) },
      'prenom',
      'Prénom invalide (50 caractères max, lettres et espaces seulement)',
    ],
    ['mail missing', { mail: '' }, 'mail', 'Email requis'],
    ['mail malformed', { mail: 'pas-un-email' }, 'mail', 'Email invalide'],
    ['mail over 255', { mail: `${'a'.repeat(250)}@exemple.fr` }, 'mail', 'Email invalide'],
    ['mobile missing', { mobile: '' }, 'mobile', 'Numéro de mobile requis'],
    ['mobile of 9 digits', { mobile: '061234567' }, 'mobile', 'Numéro de mobile invalide (10 chiffres)'],
    ['mobile with letters', { mobile: '06123456ab' }, 'mobile', 'Numéro de mobile invalide (10 chiffres)'],
    ['company missing', { compagny: '' }, 'compagny', "Nom de l'entreprise requis"],
  ];
  it.each(cases)('%s', async (_name, change, field, message) => {
    const before = await countCustomers();
    const res = await create('vendeur', { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await countCustomers()).toBe(before);
  });

  it('accepts the optional fields left out', async () => {
    const res = await create('vendeur', {
      nom: 'Martin',
      prenom: 'Zoé',
      mail: 'zoe@exemple.fr',
      mobile: '0700000000',
      compagny: 'Zoé SAS',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ adress: null, city: null, postalCode: null, commentaire: null });
  });

  it('refuses an invalid edit and leaves the customer unchanged', async () => {
    const c = (await create('vendeur', { ...valid, mail: 'edit@exemple.fr' })).json();
    const edits: Array<[Record<string, unknown>, string, string]> = [
      [{ nom: '' }, 'nom', 'Nom requis'],
      [{ prenom: 'X1' }, 'prenom', 'Prénom invalide (50 caractères max, lettres et espaces seulement)'],
      [{ mail: 'nope' }, 'mail', 'Email invalide'],
      [{ postalCode: '6900' }, 'postalCode', 'Code postal invalide (5 chiffres)'],
      [{ mobile: '12' }, 'mobile', 'Numéro de mobile invalide (10 chiffres)'],
    ];
    for (const [change, field, message] of edits) {
      const res = await t.call('PUT', `/api/Customers/${c.customerId}`, token.vendeur, {
        ...valid,
        customerId: c.customerId,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const after = (await t.call('GET', `/api/Customers/${c.customerId}`, token.vendeur)).json();
    expect(after).toMatchObject({ nom: valid.nom, prenom: valid.prenom, mail: 'edit@exemple.fr', postalCode: '69003' });
  });
});

describe('customer delete cascade', () => {
  it('removes the propositions, their share links and their files', async () => {
    const c = (await create('vendeur', { ...valid, mail: 'cascade@exemple.fr' })).json();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const form = propositionForm(c.customerId);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Propositions',
        headers: { ...form.headers, authorization: `Bearer ${token.vendeur}` },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().propositionId);
    }
    expect((await t.call('POST', `/api/Video/generate-link/${ids[0]}`, token.vendeur)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(propositions).where(eq(propositions.customerId, c.customerId));
    const stored = rows.flatMap((r) => [r.cheminPdf!, r.cheminVideo!]).map((k) => path.join(t.filesDir, k));
    expect(stored).toHaveLength(4);
    expect(stored.every((f) => fs.existsSync(f))).toBe(true);

    expect((await t.call('DELETE', `/api/Customers/${c.customerId}`, token.vendeur)).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(propositions).where(eq(propositions.customerId, c.customerId)),
    ).toHaveLength(0);
    expect(stored.some((f) => fs.existsSync(f))).toBe(false);
    for (const id of ids) expect((await t.call('GET', `/api/Propositions/${id}`, token.vendeur)).statusCode).toBe(404);
  });
});

describe('who reaches a customer', () => {
  let mine: number;
  beforeAll(async () => {
    mine = (await create('vendeur', { ...valid, mail: 'isolation@exemple.fr' })).json().customerId;
  });

  it.each(['vendeur2', 'atelier', 'atelierDirecteur'])('%s can neither read, edit nor delete it (404)', async (who) => {
    expect((await t.call('GET', `/api/Customers/${mine}`, token[who])).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/Customers/${mine}`, token[who], { ...valid, nom: 'Pirate' })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/Customers/${mine}`, token[who])).statusCode).toBe(404);
    const still = (await t.call('GET', `/api/Customers/${mine}`, token.vendeur)).json();
    expect(still.nom).toBe(valid.nom);
  });

  it.each(['manager', 'directeur', 'admin'])('%s reaches it', async (who) => {
    expect((await t.call('GET', `/api/Customers/${mine}`, token[who])).statusCode).toBe(200);
  });

  it('lists the customers of a user for those who reach him only', async () => {
    const own = await t.call('GET', `/api/Customers/forUser/${userId.vendeur}`, token.vendeur);
    expect(own.statusCode).toBe(200);
    expect(own.json().$values.every((c: { userId: number }) => c.userId === userId.vendeur)).toBe(true);
    expect(own.json().$values.some((c: { customerId: number }) => c.customerId === mine)).toBe(true);
    expect((await t.call('GET', `/api/Customers/forUser/${userId.vendeur2}`, token.vendeur)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/Customers/forUser/${userId.vendeur}`, token.atelierDirecteur)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', `/api/Customers/forUser/999999`, token.admin)).statusCode).toBe(404);
    const byManager = await t.call('GET', `/api/Customers/forUser/${userId.vendeur2}`, token.manager);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().$values.length).toBeGreaterThan(0);
    expect(
      (await t.call('GET', `/api/Customers/forUser/${userId.atelier}`, token.admin)).json().$values.length,
    ).toBeGreaterThan(0);
  });

  it('gives the new customer to its creator and his company', async () => {
    const res = (await create('atelier', { ...valid, mail: 'bois@exemple.fr' })).json();
    expect(res.userId).toBe(userId.atelier);
    expect((await t.call('GET', `/api/Customers/${res.customerId}`, token.atelierDirecteur)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/Customers/${res.customerId}`, token.manager)).statusCode).toBe(404);
  });
});
